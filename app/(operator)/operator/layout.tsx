import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { db } from '@/db/client';
import { AppShell, type NavItem } from '@/components/layout/app-shell';
import { currentUser } from '@/server/auth/options';
import { activeMembership } from '@/server/domain/users/accounts';

export const dynamic = 'force-dynamic';

/** The operator console: operators only (others go back to their dashboard). */
export default async function OperatorLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  if (!user) redirect('/sign-in?callbackUrl=/operator');
  if (user.mustChangePassword) redirect('/change-password');
  if (!user.isOperator) redirect('/dashboard');
  const member = await activeMembership(db(), user.id);
  const nav: NavItem[] = [
    { href: '/operator', label: 'Merchants', exact: true },
    { href: '/operator/top-ups', label: 'Top-up requests' },
    { href: '/operator/sender-ids', label: 'Sender IDs' },
    { href: '/operator/prices', label: 'Platform prices' },
    { href: '/operator/connectors', label: 'Connectors' },
    { href: '/operator/inbound', label: 'Unrouted inbound' },
    { href: '/operator/numbers', label: 'Numbers' },
    { href: '/operator/system', label: 'System' },
    { href: '/operator/audit', label: 'Audit log' },
  ];
  if (member) nav.push({ href: '/dashboard', label: 'Merchant dashboard', exact: true });
  return (
    <AppShell nav={nav} title="Operator console" subtitle={`${user.email} · operator`}>
      {children}
    </AppShell>
  );
}
