import { getLocale, getTranslations } from 'next-intl/server';
import { BalanceCards } from '@/components/wallet/balance-cards';
import { LedgerFilters } from '@/components/wallet/ledger-filters';
import { LedgerTable } from '@/components/wallet/ledger-table';
import { TopUpForm } from '@/components/wallet/top-up-form';
import { TopUpRequests } from '@/components/wallet/top-up-requests';
import { Alert, Card, PageHeader } from '@/components/ui/card';
import { fieldText, type FieldProblemTranslator } from '@/components/ui/field-texts';
import { serverCaller } from '@/server/api/server-caller';
import { ledgerFilterFromParams } from '@/shared/contracts/wallet-dashboard';

export async function generateMetadata() {
  return { title: (await getTranslations('wallet'))('metaTitle') };
}
export const dynamic = 'force-dynamic';

type Search = Record<string, string | string[] | undefined>;

function query(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

export default async function WalletPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const { api } = await serverCaller();
  const parsed = ledgerFilterFromParams(sp);
  const filter = parsed.success ? parsed.data : {};
  const rawCursor = Number(Array.isArray(sp.cursor) ? sp.cursor[0] : sp.cursor);
  const cursor = Number.isInteger(rawCursor) && rawCursor > 0 ? rawCursor : undefined;
  const [org, overview, ledger] = await Promise.all([
    api.organization.get(),
    api.wallets.overview(),
    parsed.success ? api.wallets.listLedger({ filter, cursor, limit: 25 }) : Promise.resolve({ entries: [], next_cursor: null }),
  ]);
  const requests = org.environment === 'live' ? (await api.wallets.listTopUpRequests()).requests : [];
  const canTopUp = org.environment === 'test' ? org.your_role !== 'viewer' : org.your_role === 'owner';
  const t = await getTranslations();
  const [locale, tField] = [await getLocale(), (await getTranslations('fieldProblems')) as FieldProblemTranslator];
  const filterQuery = { wallet: filter.wallet, type: filter.type, from: filter.from, to: filter.to };

  return (
    <>
      <PageHeader title={t('wallet.title')} description={t('wallet.description', { currency: overview.currency })} />
      <div className="space-y-6">
        <BalanceCards o={overview} />
        <Card title={org.environment === 'test' ? t('wallet.addTestCredit') : t('wallet.topUp')}>
          {canTopUp ? (
            <TopUpForm environment={org.environment} currency={overview.currency} />
          ) : (
            <Alert tone="info">
              {t(org.environment === 'test' ? 'wallet.cannotTestCredit' : 'wallet.cannotTopUp', { role: t(`roles.${org.your_role}`) })}
            </Alert>
          )}
        </Card>
        {org.environment === 'live' && (
          <Card title={t('wallet.topUpRequests')}>
            <TopUpRequests requests={requests} currency={overview.currency} timeZone={org.timezone} />
          </Card>
        )}
        <Card title={t('wallet.ledger')}>
          <div className="space-y-4">
            <LedgerFilters filter={filter} csvHref={`/dashboard/wallet/ledger.csv${query(filterQuery)}`} timeZone={org.timezone} />
            {!parsed.success && (
              <Alert>{t('wallet.invalidFilters', { problems: parsed.error.issues.map((i) => fieldText(tField, locale, i.message)).join(' ') })}</Alert>
            )}
            <LedgerTable
              entries={ledger.entries}
              currency={overview.currency}
              timeZone={org.timezone}
              olderHref={ledger.next_cursor ? `/dashboard/wallet${query({ ...filterQuery, cursor: ledger.next_cursor })}` : null}
              newestHref={cursor ? `/dashboard/wallet${query(filterQuery)}` : null}
            />
          </div>
        </Card>
      </div>
    </>
  );
}
