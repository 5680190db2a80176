'use client';

import { signIn } from 'next-auth/react';
import { useTranslations } from 'next-intl';
import { useRouter, useSearchParams } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { sameOriginPath } from '@/shared/same-origin-path';

/**
 * next-auth's `error` (a `?error=` after a redirect, or signIn's answer) as
 * the one sentence the page shows: the same for an unknown email, a wrong or
 * expired password, and "too many attempts" when throttled (per email or per
 * address, so it says nothing about the account either).
 */
function signInErrorKey(error: string | null | undefined): 'tooManyAttempts' | 'wrongCredentials' | null {
  if (!error) return null;
  return error === 'TooManyAttempts' ? 'tooManyAttempts' : 'wrongCredentials';
}

export function SignInForm() {
  const router = useRouter();
  const params = useSearchParams();
  const t = useTranslations('auth.signIn');
  const [error, setError] = useState(signInErrorKey(params.get('error')));
  const [pending, setPending] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setPending(true);
    setError(null);
    const res = await signIn('credentials', { email: String(form.get('email')), password: String(form.get('password')), redirect: false });
    setPending(false);
    if (!res || res.error) {
      setError(signInErrorKey(res?.error ?? 'CredentialsSignin'));
      return;
    }
    // Only a path on this site: never another origin, in any encoding (shared/same-origin-path.ts).
    router.push(sameOriginPath(params.get('callbackUrl'), window.location.origin) ?? '/after-sign-in');
    router.refresh();
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      {error && <Alert>{t(error)}</Alert>}
      <Field label={t('email')} name="email" type="email" autoComplete="email" required />
      <Field label={t('password')} name="password" type="password" autoComplete="current-password" required />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? t('pending') : t('submit')}
      </Button>
    </form>
  );
}
