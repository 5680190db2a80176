import Link from 'next/link';
import { EmptyState } from '@/components/ui/card';
import { useTranslations } from 'next-intl';
import { useFormat } from '@/components/ui/format';
import type { LedgerEntryView } from '@/server/contracts/wallet-dashboard';

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
      <div className="overflow-x-auto">
        <table className="w-full min-w-[48rem] text-left text-sm">
          <caption className="sr-only">{t('caption', { timeZone })}</caption>
          <thead className="border-b border-slate-200 text-slate-700">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">{t('date')}</th>
              <th scope="col" className="py-2 pr-4 font-medium">{t('wallet')}</th>
              <th scope="col" className="py-2 pr-4 font-medium">{t('type')}</th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">{t('amount')}</th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">{t('balanceAfter')}</th>
              <th scope="col" className="py-2 font-medium">{t('details')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id} className="border-b border-slate-100 last:border-0">
                <td className="py-2 pr-4 whitespace-nowrap">{f.dateTime(e.created_at, timeZone)}</td>
                <td className="py-2 pr-4">{e.wallet === 'prepaid' ? t('prepaid') : t('postpaid')}</td>
                <td className="py-2 pr-4">{t(`types.${e.type}`)}</td>
                <td className={`py-2 pr-4 text-right font-mono ${e.amount < 0 ? 'text-red-800' : 'text-green-800'}`}>
                  {e.amount > 0 ? '+' : ''}
                  {f.money(e.amount, currency)}
                </td>
                <td className="py-2 pr-4 text-right font-mono">{f.money(e.balance_after, currency)}</td>
                <td className="py-2 text-slate-700">
                  {e.message_id ? (
                    <Link href={`/dashboard/messages/${e.message_id}`} className="font-mono text-blue-700 underline">
                      {e.message_id}
                    </Link>
                  ) : null}
                  {e.note ? <span className={e.message_id ? 'ml-2' : ''}>{e.note}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label={t('pages')} className="flex gap-4 text-sm">
        {newestHref && (
          <Link href={newestHref} className="text-blue-700 underline">
            {t('newest')}
          </Link>
        )}
        {olderHref && (
          <Link href={olderHref} className="text-blue-700 underline">
            {t('older')}
          </Link>
        )}
      </nav>
    </div>
  );
}
