import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
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
  const t = await getTranslations();
  const nav: NavItem[] = [
    { href: '/operator', label: t('pages.merchants'), exact: true },
    { href: '/operator/top-ups', label: t('pages.topUps') },
    { href: '/operator/sender-ids', label: t('pages.senderIds') },
    { href: '/operator/prices', label: t('pages.prices') },
    { href: '/operator/connectors', label: t('pages.connectors') },
    { href: '/operator/inbound', label: t('pages.inbound') },
    { href: '/operator/numbers', label: t('pages.numbers') },
    { href: '/operator/system', label: t('pages.system') },
    { href: '/operator/audit', label: t('pages.audit') },
  ];
  if (member) nav.push({ href: '/dashboard', label: t('pages.merchantDashboard'), exact: true });
  return (
    <AppShell nav={nav} title={t('pages.operatorConsole')} subtitle={`${user.email} · ${t('roles.operator')}`}>
      {children}
    </AppShell>
  );
}
