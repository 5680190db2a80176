import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { SignUpForm } from '@/components/auth/sign-up-form';

export async function generateMetadata() {
  return { title: (await getTranslations('auth.signUp'))('metaTitle') };
}

export default async function SignUpPage() {
  const t = await getTranslations('auth.signUp');
  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold">{t('title')}</h1>
      <p className="mb-6 text-sm text-slate-600">{t('intro')}</p>
      <SignUpForm />
      <p className="mt-6 text-sm text-slate-600">
        {t('haveAccount')}{' '}
        <Link className="text-blue-700 underline" href="/sign-in">
          {t('signIn')}
        </Link>
      </p>
    </>
  );
}
