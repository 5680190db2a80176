import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { AuditTable } from '@/components/operator/audit-table';
import { CreditLineForm } from '@/components/operator/credit-line-form';
import { KeyStatusActions } from '@/components/operator/key-status-actions';
import { operatorMetadata } from '@/components/operator/operator-metadata';
import { PricingEditor } from '@/components/operator/pricing-editor';
import { RevokeSessionsButton } from '@/components/operator/revoke-sessions-button';
import { TopUpDecision } from '@/components/operator/top-up-decision';
import { Card, EmptyState, PageHeader } from '@/components/ui/card';
import { formatter } from '@/components/ui/format';
import { serverCaller } from '@/server/api/server-caller';
import type { AuditPage, MerchantDetail } from '@/shared/contracts/operator';
import { ROLE_VALUES, type RoleValue } from '@/shared/contracts/organization';

export const generateMetadata = () => operatorMetadata('merchant');
export const dynamic = 'force-dynamic';

async function load(id: string): Promise<{ m: MerchantDetail; audit: AuditPage } | null> {
  const { api } = await serverCaller();
  if (!/^org_[0-9A-Za-z]{1,40}$/.test(id)) return null;
  try {
    const [m, audit] = await Promise.all([api.operator.getMerchant({ organizationId: id }), api.operator.listAudit({ organizationId: id, limit: 20 })]);
    return { m, audit };
  } catch (e) {
    if ((e as { code?: string }).code === 'NOT_FOUND') return null;
    throw e;
  }
}

export default async function MerchantPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const data = await load(id);
  if (!data) notFound();
  const { m, audit } = data;
  const t = await getTranslations('operator.merchant');
  const tOp = await getTranslations('operator');
  const tRole = await getTranslations('roles');
  const f = formatter(await getLocale());
  /** The role's name in the page's language (the contract gives it as text). */
  const roleName = (role: string) => ((ROLE_VALUES as readonly string[]).includes(role) ? tRole(role as RoleValue) : role);
  const money = (amount: number | null) => (amount === null ? '—' : f.money(amount, m.currency));
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/operator" className="text-blue-700 underline">
          {t('back')}
        </Link>
      </p>
      <PageHeader title={m.name} description={t('description', { id: m.id, timezone: m.timezone, country: m.default_country, currency: m.currency })} />
      <div className="space-y-6">
        <Card title={t('wallets')}>
          <dl className="mb-4 grid gap-4 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-600">{t('prepaid')}</dt>
              <dd className="text-xl font-semibold">{money(m.prepaid)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">{t('postpaid')}</dt>
              <dd className="text-xl font-semibold">{money(m.postpaid)}</dd>
            </div>
          </dl>
          <CreditLineForm organizationId={m.id} current={m.postpaid} currency={m.currency} />
        </Card>

        <Card
          title={t('apps')}
          actions={
            <Link href={`/operator/numbers?organization=${m.id}`} className="text-sm text-blue-700 underline">
              {t('numbers')}
            </Link>
          }
        >
          {m.apps.length === 0 ? (
            <EmptyState>{t('noApps')}</EmptyState>
          ) : (
            <ul className="divide-y divide-slate-100">
              {m.apps.map((a) => (
                <li key={a.id} className="space-y-2 py-3" aria-label={t('appLabel', { name: a.name })}>
                  <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1 text-sm">
                    <span className="font-semibold">{a.name}</span>
                    <span className="font-mono">{a.masked_key}</span>
                    <span className="font-mono text-xs text-slate-600">{a.id}</span>
                    <span className="text-slate-600">{a.environment === 'test' ? tOp('sandbox') : tOp('live')}</span>
                    <span className="text-slate-600">{a.last_used_at ? t('lastUsed', { when: f.dateTime(a.last_used_at, 'UTC') }) : t('neverUsed')}</span>
                  </div>
                  <KeyStatusActions app={a} />
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card title={t('pricing')}>
          <PricingEditor organizationId={m.id} rows={m.prices} defaultPrice={m.default_price} />
        </Card>

        <Card title={t('topUps')}>
          {m.top_ups.length === 0 ? (
            <EmptyState>{t('noTopUps')}</EmptyState>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {m.top_ups.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    {t('topUp', { amount: f.money(r.amount, m.currency), wallet: tOp(`wallets.${r.wallet}`) })}
                    {r.reference ? ` · ${t('reference', { reference: r.reference })}` : ''}
                    {' · '}
                    {tOp('atUtc', { when: f.dateTime(r.created_at, 'UTC') })}
                    {' · '}
                    {r.requested_by}
                  </span>
                  {r.state === 'pending' ? (
                    <TopUpDecision requestId={r.id} label={tOp('topUps.decisionLabel', { amount: f.money(r.amount, m.currency), merchant: m.name })} />
                  ) : (
                    <span className="font-medium">{t(`topUpStates.${r.state}`)}</span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card title={t('team')}>
          {m.members.length === 0 ? (
            <EmptyState>{t('noMembers')}</EmptyState>
          ) : (
            <ul className="text-sm">
              {m.members.map((u) => (
                <li key={u.user_id} className="py-1">
                  {u.name} · {u.email} · {roleName(u.role)}
                  <RevokeSessionsButton userId={u.user_id} email={u.email} />
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card
          title={t('recentAudit')}
          actions={
            <Link href={`/operator/audit?organization=${m.id}`} className="text-sm text-blue-700 underline">
              {t('allEntries')}
            </Link>
          }
        >
          <AuditTable entries={audit.entries} showOrganization={false} />
        </Card>
      </div>
    </>
  );
}
