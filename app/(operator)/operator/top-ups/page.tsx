import Link from 'next/link';
import { TopUpDecision } from '@/components/operator/top-up-decision';
import { Card, EmptyState, PageHeader } from '@/components/ui/card';
import { formatDateTime, formatMoney } from '@/components/ui/format';
import { serverCaller } from '@/server/api/server-caller';

export const metadata = { title: 'Top-up requests · Operator console' };
export const dynamic = 'force-dynamic';

export default async function TopUpsPage() {
  const { api } = await serverCaller();
  const [{ requests }, { merchants }] = await Promise.all([api.operator.listPendingTopUps(), api.operator.listMerchants({})]);
  const currency = new Map(merchants.map((m) => [m.id, m.currency]));
  return (
    <>
      <PageHeader title="Top-up requests" description="Live merchants ask for credit; confirm once the payment has arrived (the wallet is credited once), or reject." />
      <Card>
        {requests.length === 0 ? (
          <EmptyState>No pending requests.</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {requests.map((r) => {
              const amount = formatMoney(r.amount, currency.get(r.organization_id) ?? 'USD');
              return (
                <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <span>
                    <Link href={`/operator/merchants/${r.organization_id}`} className="font-medium text-blue-700 underline">
                      {r.organization_name}
                    </Link>{' '}
                    · {amount} to {r.wallet}
                    {r.reference ? ` · ref ${r.reference}` : ''} · {formatDateTime(r.created_at, 'UTC')} UTC
                  </span>
                  <TopUpDecision requestId={r.id} label={`${amount} for ${r.organization_name}`} />
                </li>
              );
            })}
          </ul>
        )}
      </Card>
    </>
  );
}
