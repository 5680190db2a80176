import Link from 'next/link';
import { SignUpForm } from '@/components/auth/sign-up-form';

export const metadata = { title: 'Create your account · SMS Gateway' };

export default function SignUpPage() {
  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold">Create your account</h1>
      <p className="mb-6 text-sm text-slate-600">A sandbox organization is created for you; you can send test messages right away.</p>
      <SignUpForm />
      <p className="mt-6 text-sm text-slate-600">
        Already have an account?{' '}
        <Link className="text-blue-700 underline" href="/sign-in">
          Sign in
        </Link>
      </p>
    </>
  );
}
