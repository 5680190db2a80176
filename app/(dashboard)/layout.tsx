import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { db } from '@/db/client';
import { AppShell, type NavItem } from '@/components/layout/app-shell';
import { currentUser } from '@/server/auth/options';
import { dashboardMembership, membershipsOf, preferredOrganization } from '@/server/domain/users/accounts';

export const dynamic = 'force-dynamic';

const NAV: NavItem[] = [
  { href: '/dashboard', label: 'Overview', exact: true },
  { href: '/dashboard/compose', label: 'Compose' },
  { href: '/dashboard/messages', label: 'Messages' },
  { href: '/dashboard/inbox', label: 'Inbox' },
  { href: '/dashboard/keys', label: 'API keys' },
  { href: '/dashboard/opt-outs', label: 'Opt-outs' },
  { href: '/dashboard/sender-ids', label: 'Sender IDs' },
  { href: '/dashboard/wallet', label: 'Wallet' },
  { href: '/dashboard/calculator', label: 'Calculator' },
  { href: '/dashboard/settings', label: 'Settings' },
];

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  if (!user) redirect('/sign-in');
  if (user.mustChangePassword) redirect('/change-password');
  const [member, all] = await Promise.all([dashboardMembership(db(), user.id, preferredOrganization(await headers())), membershipsOf(db(), user.id)]);
  const nav = user.isOperator ? [...NAV, { href: '/operator', label: 'Operator console' }] : NAV;
  if (!member) {
    if (user.isOperator) redirect('/operator');
    redirect('/sign-in');
  }
  return (
    <AppShell
      nav={nav}
      title={member.organizationName}
      subtitle={`${user.email} · ${member.role}`}
      organizations={all.length > 1 ? { current: member.organizationId, list: all.map((m) => ({ id: m.organizationId, name: m.organizationName, role: m.role })) } : undefined}
    >
      {children}
    </AppShell>
  );
}
