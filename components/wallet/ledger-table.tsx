import Link from 'next/link';
import { EmptyState } from '@/components/ui/card';
import { formatDateTime, formatMoney } from '@/components/ui/format';
import type { LedgerEntryView } from '@/server/contracts/wallet-dashboard';

const TYPE_LABEL: Record<LedgerEntryView['type'], string> = { top_up: 'Top-up', charge: 'Charge', refund: 'Refund', adjustment: 'Adjustment' };

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
  if (entries.length === 0) return <EmptyState>No ledger entries match. Top-ups, charges and refunds appear here.</EmptyState>;
  return (
    <div className="space-y-3">
      <div className="overflow-x-auto">
        <table className="w-full min-w-[48rem] text-left text-sm">
          <caption className="sr-only">Wallet ledger, newest first, times in {timeZone}</caption>
          <thead className="border-b border-slate-200 text-slate-700">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">Date</th>
              <th scope="col" className="py-2 pr-4 font-medium">Wallet</th>
              <th scope="col" className="py-2 pr-4 font-medium">Type</th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">Amount</th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">Balance after</th>
              <th scope="col" className="py-2 font-medium">Details</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id} className="border-b border-slate-100 last:border-0">
                <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(e.created_at, timeZone)}</td>
                <td className="py-2 pr-4">{e.wallet === 'prepaid' ? 'Prepaid' : 'Postpaid'}</td>
                <td className="py-2 pr-4">{TYPE_LABEL[e.type]}</td>
                <td className={`py-2 pr-4 text-right font-mono ${e.amount < 0 ? 'text-red-800' : 'text-green-800'}`}>
                  {e.amount > 0 ? '+' : ''}
                  {formatMoney(e.amount, currency)}
                </td>
                <td className="py-2 pr-4 text-right font-mono">{formatMoney(e.balance_after, currency)}</td>
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
      <nav aria-label="Ledger pages" className="flex gap-4 text-sm">
        {newestHref && (
          <Link href={newestHref} className="text-blue-700 underline">
            ← Newest entries
          </Link>
        )}
        {olderHref && (
          <Link href={olderHref} className="text-blue-700 underline">
            Older entries →
          </Link>
        )}
      </nav>
    </div>
  );
}
