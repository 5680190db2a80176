import Link from 'next/link';
import { EmptyState } from '@/components/ui/card';
import { formatDateTime, formatMoney } from '@/components/ui/format';
import type { MerchantSummary } from '@/server/contracts/operator';

export function MerchantsTable({ merchants }: { merchants: MerchantSummary[] }) {
  if (merchants.length === 0) return <EmptyState>No merchants match.</EmptyState>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[52rem] text-left text-sm">
        <caption className="sr-only">Merchants, newest first (times UTC)</caption>
        <thead className="border-b border-slate-200 text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">Merchant</th>
            <th scope="col" className="py-2 pr-4 font-medium">Created (UTC)</th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">Prepaid</th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">Postpaid</th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">Apps</th>
            <th scope="col" className="py-2 font-medium">Waiting for you</th>
          </tr>
        </thead>
        <tbody>
          {merchants.map((m) => (
            <tr key={m.id} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="py-2 pr-4 font-medium">
                <Link href={`/operator/merchants/${m.id}`} className="text-blue-700 underline">
                  {m.name}
                </Link>
                <div className="font-mono text-xs font-normal text-slate-600">{m.id}</div>
              </th>
              <td className="py-2 pr-4">{formatDateTime(m.created_at, 'UTC')}</td>
              <td className="py-2 pr-4 text-right font-mono">{m.prepaid === null ? '—' : formatMoney(m.prepaid, m.currency)}</td>
              <td className="py-2 pr-4 text-right font-mono">{m.postpaid === null ? '—' : formatMoney(m.postpaid, m.currency)}</td>
              <td className="py-2 pr-4 text-right">{m.apps}</td>
              <td className="py-2">
                {[m.apps_pending ? `${m.apps_pending} key${m.apps_pending > 1 ? 's' : ''} to validate` : null, m.top_ups_pending ? `${m.top_ups_pending} top-up${m.top_ups_pending > 1 ? 's' : ''}` : null]
                  .filter(Boolean)
                  .join(', ') || '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
