'use client';

import { signOut } from 'next-auth/react';
import { useTranslations } from 'next-intl';

/**
 * Signs out, then goes to /sign-in on the address the page was opened on: next-auth's own redirect is absolute and
 * built from NEXTAUTH_URL (localhost by default), which sent people who opened the site by IP or another name away.
 */
export function SignOutButton() {
  const t = useTranslations('shell');
  async function signOutHere() {
    await signOut({ redirect: false });
    window.location.assign('/sign-in');
  }
  return (
    <button type="button" onClick={() => void signOutHere()} className="text-sm text-slate-700 underline hover:text-slate-900">
      {t('signOut')}
    </button>
  );
}
