import Link from 'next/link';
import { Suspense } from 'react';
import { SignInForm } from '@/components/auth/sign-in-form';

export const metadata = { title: 'Sign in · SMS Gateway' };

export default function SignInPage() {
  return (
    <>
      <h1 className="mb-6 text-2xl font-semibold">Sign in</h1>
      <Suspense>
        <SignInForm />
      </Suspense>
      <p className="mt-6 text-sm text-slate-600">
        New here?{' '}
        <Link className="text-blue-700 underline" href="/sign-up">
          Create an account
        </Link>
      </p>
    </>
  );
}
