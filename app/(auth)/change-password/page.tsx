import { redirect } from 'next/navigation';
import { PasswordForm } from '@/components/settings/password-form';
import { currentUser } from '@/server/auth/options';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Choose your password · SMS Gateway' };

/**
 * Where a member signed in with a one-time password is held until they
 * replace it (the dashboard, the console and every procedure but
 * auth.changePassword refuse them meanwhile). Others may use it too.
 */
export default async function ChangePasswordPage() {
  const user = await currentUser();
  if (!user) redirect('/sign-in?callbackUrl=/change-password');
  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold">Choose your password</h1>
      <p className="mb-6 text-sm text-slate-600">
        {user.mustChangePassword
          ? 'You signed in with a one-time password. Replace it with one only you know to continue.'
          : 'Replace your password. Your other sessions will be signed out.'}
      </p>
      <PasswordForm email={user.email} then="/after-sign-in" />
    </>
  );
}
