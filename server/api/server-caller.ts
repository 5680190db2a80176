import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { db } from '@/db/client';
import { env } from '@/server/env';
import { currentUser } from '@/server/auth/options';
import type { SessionUser } from '@/server/domain/users/accounts';
import { createCaller } from './root';
import { createContext } from './trpc';

/**
 * Server components call procedures directly (no HTTP hop) as the signed-in user; signed-out users go to
 * /sign-in. Cached per request (React cache): a layout and its page share one session check and one caller.
 */
export const serverCaller = cache(async function serverCaller(): Promise<{ api: ReturnType<typeof createCaller>; user: SessionUser }> {
  const user = await currentUser();
  if (!user) redirect('/sign-in');
  if (user.mustChangePassword) redirect('/change-password');
  const h = new Headers(await headers());
  return { api: createCaller(createContext({ db: db(), env: env() }, h, { headers: {} }, user)), user };
});
