import Link from 'next/link';
import { Suspense } from 'react';
import { getTranslations } from 'next-intl/server';
import { SignInForm } from '@/components/auth/sign-in-form';

export async function generateMetadata() {
  return { title: (await getTranslations('auth.signIn'))('metaTitle') };
}

export default async function SignInPage() {
  const t = await getTranslations('auth.signIn');
  return (
    <>
      <h1 className="mb-6 text-2xl font-semibold">{t('title')}</h1>
      <Suspense>
        <SignInForm />
      </Suspense>
      <p className="mt-6 text-sm text-slate-600">
        {t('newHere')}{' '}
        <Link className="text-blue-700 underline" href="/sign-up">
          {t('createAccount')}
        </Link>
      </p>
    </>
  );
}
