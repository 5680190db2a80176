import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PasswordForm } from '@/components/settings/password-form';
import { currentUser } from '@/server/auth/options';

export const dynamic = 'force-dynamic';
export async function generateMetadata() {
  return { title: (await getTranslations('auth.changePassword'))('metaTitle') };
}

/**
 * Where a member signed in with a one-time password is held until they
 * replace it (the dashboard, the console and every procedure but
 * auth.changePassword refuse them meanwhile). Others may use it too.
 */
export default async function ChangePasswordPage() {
  const user = await currentUser();
  if (!user) redirect('/sign-in?callbackUrl=/change-password');
  const t = await getTranslations('auth.changePassword');
  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold">{t('title')}</h1>
      <p className="mb-6 text-sm text-slate-600">
        {user.mustChangePassword ? t('oneTime') : t('replace')}
      </p>
      <PasswordForm email={user.email} then="/after-sign-in" />
    </>
  );
}
