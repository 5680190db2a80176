import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AuditTable } from '@/components/operator/audit-table';
import { CreditLineForm } from '@/components/operator/credit-line-form';
import { KeyStatusActions } from '@/components/operator/key-status-actions';
import { PricingEditor } from '@/components/operator/pricing-editor';
import { RevokeSessionsButton } from '@/components/operator/revoke-sessions-button';
import { TopUpDecision } from '@/components/operator/top-up-decision';
import { Card, EmptyState, PageHeader } from '@/components/ui/card';
import { formatDateTime, formatMoney } from '@/components/ui/format';
import { serverCaller } from '@/server/api/server-caller';
import type { AuditPage, MerchantDetail } from '@/server/contracts/operator';

export const metadata = { title: 'Merchant · Operator console' };
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
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/operator" className="text-blue-700 underline">
          ← Merchants
        </Link>
      </p>
      <PageHeader title={m.name} description={`${m.id} · ${m.timezone} · default country ${m.default_country} · ${m.currency}`} />
      <div className="space-y-6">
        <Card title="Wallets">
          <dl className="mb-4 grid gap-4 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-600">Prepaid (SVC_SMS)</dt>
              <dd className="text-xl font-semibold">{m.prepaid === null ? '—' : formatMoney(m.prepaid, m.currency)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Postpaid (SVC_POST_PAID)</dt>
              <dd className="text-xl font-semibold">{m.postpaid === null ? '—' : formatMoney(m.postpaid, m.currency)}</dd>
            </div>
          </dl>
          <CreditLineForm organizationId={m.id} current={m.postpaid} currency={m.currency} />
        </Card>

        <Card
          title="Apps and keys"
          actions={
            <Link href={`/operator/numbers?organization=${m.id}`} className="text-sm text-blue-700 underline">
              Numbers
            </Link>
          }
        >
          {m.apps.length === 0 ? (
            <EmptyState>This merchant has no apps yet.</EmptyState>
          ) : (
            <ul className="divide-y divide-slate-100">
              {m.apps.map((a) => (
                <li key={a.id} className="space-y-2 py-3" aria-label={`App ${a.name}`}>
                  <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1 text-sm">
                    <span className="font-semibold">{a.name}</span>
                    <span className="font-mono">{a.masked_key}</span>
                    <span className="font-mono text-xs text-slate-600">{a.id}</span>
                    <span className="text-slate-600">{a.environment === 'test' ? 'sandbox' : 'live'}</span>
                    <span className="text-slate-600">last used {a.last_used_at ? formatDateTime(a.last_used_at, 'UTC') + ' UTC' : 'never'}</span>
                  </div>
                  <KeyStatusActions app={a} />
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card title="Pricing">
          <PricingEditor organizationId={m.id} rows={m.prices} defaultPrice={m.default_price} />
        </Card>

        <Card title="Top-up requests">
          {m.top_ups.length === 0 ? (
            <EmptyState>No top-up requests.</EmptyState>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {m.top_ups.map((t) => (
                <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    {formatMoney(t.amount, m.currency)} to {t.wallet}
                    {t.reference ? ` · ref ${t.reference}` : ''} · {formatDateTime(t.created_at, 'UTC')} UTC · {t.requested_by}
                  </span>
                  {t.state === 'pending' ? <TopUpDecision requestId={t.id} label={`${formatMoney(t.amount, m.currency)} for ${m.name}`} /> : <span className="font-medium">{t.state}</span>}
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card title="Team">
          {m.members.length === 0 ? (
            <EmptyState>No dashboard users (provisioned by the CLI).</EmptyState>
          ) : (
            <ul className="text-sm">
              {m.members.map((u) => (
                <li key={u.user_id} className="py-1">
                  {u.name} · {u.email} · {u.role}
                  <RevokeSessionsButton userId={u.user_id} email={u.email} />
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card
          title="Recent audit entries"
          actions={
            <Link href={`/operator/audit?organization=${m.id}`} className="text-sm text-blue-700 underline">
              All entries
            </Link>
          }
        >
          <AuditTable entries={audit.entries} showOrganization={false} />
        </Card>
      </div>
    </>
  );
}
