import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { db } from '@/db/client';
import { AppShell, type NavItem } from '@/components/layout/app-shell';
import { LowBalanceBanner } from '@/components/layout/low-balance-banner';
import { currentUser } from '@/server/auth/options';
import { dashboardMembership, membershipsOf, preferredOrganization } from '@/server/domain/users/accounts';
import { lowBalanceNow } from '@/server/domain/wallets/low-balance';

export const dynamic = 'force-dynamic';

const NAV = [
  { href: '/dashboard', page: 'overview', exact: true },
  { href: '/dashboard/compose', page: 'compose' },
  { href: '/dashboard/messages', page: 'messages' },
  { href: '/dashboard/inbox', page: 'inbox' },
  { href: '/dashboard/keys', page: 'keys' },
  { href: '/dashboard/opt-outs', page: 'optOuts' },
  { href: '/dashboard/sender-ids', page: 'senderIds' },
  { href: '/dashboard/wallet', page: 'wallet' },
  { href: '/dashboard/calculator', page: 'calculator' },
  { href: '/dashboard/settings', page: 'settings' },
] as const;

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  if (!user) redirect('/sign-in');
  if (user.mustChangePassword) redirect('/change-password');
  const [member, all] = await Promise.all([dashboardMembership(db(), user.id, preferredOrganization(await headers())), membershipsOf(db(), user.id)]);
  const t = await getTranslations();
  const pages: NavItem[] = NAV.map((n) => ({ href: n.href, label: t(`pages.${n.page}`), exact: 'exact' in n ? n.exact : undefined }));
  const nav = user.isOperator ? [...pages, { href: '/operator', label: t('pages.operatorConsole') }] : pages;
  if (!member) {
    if (user.isOperator) redirect('/operator');
    redirect('/sign-in');
  }
  const low = await lowBalanceNow(db(), member.organizationId);
  return (
    <AppShell
      nav={nav}
      title={member.organizationName}
      subtitle={`${user.email} · ${t(`roles.${member.role}`)}`}
      organizations={all.length > 1 ? { current: member.organizationId, list: all.map((m) => ({ id: m.organizationId, name: m.organizationName, role: m.role })) } : undefined}
    >
      {low && <LowBalanceBanner {...low} />}
      {children}
    </AppShell>
  );
}
