import Link from 'next/link';
import { EmptyState } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { PageLinks } from '@/components/ui/page-links';
import { useTranslations } from 'next-intl';
import { useFormat } from '@/components/ui/format';
import type { LedgerEntryView } from '@/shared/contracts/wallet-dashboard';

/** Ledger rows, newest first, with the wallet's balance after each movement. */
export function LedgerTable({
  entries,
  currency,
  timeZone,
  olderHref,
  newestHref,
}: {
  entries: LedgerEntryView[];
  currency: string;
  timeZone: string;
  olderHref: string | null;
  newestHref: string | null;
}) {
  const t = useTranslations('wallet.ledgerTable');
  const f = useFormat();
  if (entries.length === 0) return <EmptyState>{t('empty')}</EmptyState>;
  return (
    <div className="space-y-3">
      <DataTable
        caption={t('caption', { timeZone })}
        className="min-w-[48rem]"
        rows={entries}
        rowKey={(e) => e.id}
        columns={[
          { id: 'date', header: t('date'), className: 'whitespace-nowrap', cell: (e) => f.dateTime(e.created_at, timeZone) },
          { id: 'wallet', header: t('wallet'), cell: (e) => (e.wallet === 'prepaid' ? t('prepaid') : t('postpaid')) },
          { id: 'type', header: t('type'), cell: (e) => t(`types.${e.type}`) },
          {
            id: 'amount',
            header: t('amount'),
            align: 'right',
            className: (e) => `font-mono ${e.amount < 0 ? 'text-red-800' : 'text-green-800'}`,
            cell: (e) => `${e.amount > 0 ? '+' : ''}${f.money(e.amount, currency)}`,
          },
          { id: 'balanceAfter', header: t('balanceAfter'), align: 'right', className: 'font-mono', cell: (e) => f.money(e.balance_after, currency) },
          {
            id: 'details',
            header: t('details'),
            className: 'text-slate-700',
            cell: (e) => (
              <>
                {e.message_id ? (
                  <Link href={`/dashboard/messages/${e.message_id}`} className="font-mono text-blue-700 underline">
                    {e.message_id}
                  </Link>
                ) : null}
                {e.note ? <span className={e.message_id ? 'ml-2' : ''}>{e.note}</span> : null}
              </>
            ),
          },
        ]}
      />
      <PageLinks label={t('pages')} newest={{ href: newestHref, text: t('newest') }} older={{ href: olderHref, text: t('older') }} />
    </div>
  );
}
