import { redirect } from 'next/navigation';
import { db } from '@/db/client';
import { currentUser } from '@/server/auth/options';
import { activeMembership } from '@/server/domain/users/accounts';

export const dynamic = 'force-dynamic';

/** Where a fresh sign-in lands: the one-time password's replacement first, then the dashboard for merchants, the console for operators without an organization. */
export default async function AfterSignIn() {
  const user = await currentUser();
  if (!user) redirect('/sign-in');
  if (user.mustChangePassword) redirect('/change-password');
  if (user.isOperator && !(await activeMembership(db(), user.id))) redirect('/operator');
  redirect('/dashboard');
}
