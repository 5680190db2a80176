'use client';

import { signOut } from 'next-auth/react';

export function SignOutButton() {
  return (
    <button type="button" onClick={() => signOut({ callbackUrl: '/sign-in' })} className="text-sm text-slate-700 underline hover:text-slate-900">
      Sign out
    </button>
  );
}
