import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { operatorMetadata } from '@/components/operator/operator-metadata';
import { TopUpDecision } from '@/components/operator/top-up-decision';
import { Card, EmptyState, PageHeader } from '@/components/ui/card';
import { formatter } from '@/components/ui/format';
import { serverCaller } from '@/server/api/server-caller';

export const generateMetadata = () => operatorMetadata('topUps');
export const dynamic = 'force-dynamic';

export default async function TopUpsPage() {
  const { api } = await serverCaller();
  const [{ requests }, { merchants }] = await Promise.all([api.operator.listPendingTopUps(), api.operator.listMerchants({})]);
  const t = await getTranslations();
  const f = formatter(await getLocale());
  const currency = new Map(merchants.map((m) => [m.id, m.currency]));
  return (
    <>
      <PageHeader title={t('pages.topUps')} description={t('operator.topUps.description')} />
      <Card>
        {requests.length === 0 ? (
          <EmptyState>{t('operator.topUps.empty')}</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {requests.map((r) => {
              const amount = f.money(r.amount, currency.get(r.organization_id) ?? 'USD');
              return (
                <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <span>
                    <Link href={`/operator/merchants/${r.organization_id}`} className="font-medium text-blue-700 underline">
                      {r.organization_name}
                    </Link>
                    {' · '}
                    {t('operator.topUps.request', { amount, wallet: t(`operator.wallets.${r.wallet}`) })}
                    {r.reference ? ` · ${t('operator.merchant.reference', { reference: r.reference })}` : ''}
                    {' · '}
                    {t('operator.atUtc', { when: f.dateTime(r.created_at, 'UTC') })}
                  </span>
                  <TopUpDecision requestId={r.id} label={t('operator.topUps.decisionLabel', { amount, merchant: r.organization_name })} />
                </li>
              );
            })}
          </ul>
        )}
      </Card>
    </>
  );
}
