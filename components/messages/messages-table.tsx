import Link from 'next/link';
import type { MessagePage } from '@/server/contracts/messages-dashboard';
import { StatusBadge } from './status-badge';
import { formatNumber, formatLocal, formatMoney } from '@/components/ui/format';

/** The history table; each message links to its page. Scrolls sideways on narrow screens. */
export function MessagesTable({ page }: { page: MessagePage }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="w-full min-w-[720px] text-left text-sm">
        <caption className="sr-only">Messages, newest first. Times in {page.timezone}.</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">Created</th>
            <th scope="col" className="px-3 py-2 font-medium">Message</th>
            <th scope="col" className="px-3 py-2 font-medium">Type</th>
            <th scope="col" className="px-3 py-2 font-medium">Status</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">Delivered / failed / in progress</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">Cost</th>
          </tr>
        </thead>
        <tbody>
          {page.items.map((m) => (
            <tr key={m.message_id} className="border-t border-slate-100 align-top hover:bg-slate-50">
              <td className="whitespace-nowrap px-3 py-2 text-slate-700">
                <time dateTime={m.created_at}>{formatLocal(m.created_at, page.timezone)}</time>
              </td>
              <td className="px-3 py-2">
                <Link href={`/dashboard/messages/${m.message_id}`} className="font-medium text-blue-700 underline-offset-2 hover:underline">
                  <span className="line-clamp-1 break-all">{m.body_preview}</span>
                </Link>
                <span className="block text-xs text-slate-600">
                  {m.first_recipient ?? '—'}
                  {m.total_recipients > 1 && ` and ${formatNumber(m.total_recipients - 1)} more`}
                  {m.sender_id && ` · from ${m.sender_id}`}
                </span>
              </td>
              <td className="px-3 py-2 text-slate-700">{m.sending_type}</td>
              <td className="px-3 py-2">
                <StatusBadge status={m.status} />
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums text-slate-700">
                {formatNumber(m.delivered)} / {formatNumber(m.failed)} / {formatNumber(m.pending)}
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{formatMoney(m.total_cost, m.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
