import { EmptyState } from '@/components/ui/card';
import { formatDateTime } from '@/components/ui/format';
import type { UnroutedInboundView } from '@/server/contracts/inbound';

/** MO no number routed (D18), newest first; the text as received (hex for binary). */
export function UnroutedInboundTable({ items }: { items: UnroutedInboundView[] }) {
  if (items.length === 0) return <EmptyState>No unrouted inbound messages.</EmptyState>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">Unrouted inbound messages, newest first (times UTC)</caption>
        <thead className="border-b border-slate-200 text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">Received (UTC)</th>
            <th scope="col" className="py-2 pr-4 font-medium">From</th>
            <th scope="col" className="py-2 pr-4 font-medium">To</th>
            <th scope="col" className="py-2 pr-4 font-medium">Carrier</th>
            <th scope="col" className="py-2 font-medium">Text</th>
          </tr>
        </thead>
        <tbody>
          {items.map((m) => (
            <tr key={m.inbound_id} className="border-b border-slate-100 align-top last:border-0">
              <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(m.received_at, 'UTC')}</td>
              <td className="py-2 pr-4 font-mono text-xs">{m.from}</td>
              <td className="py-2 pr-4 font-mono text-xs">{m.to}</td>
              <td className="py-2 pr-4 text-xs">{m.carrier}</td>
              <td className="py-2 text-xs break-words">
                <span className={m.encoding === 'binary' ? 'font-mono' : undefined}>{m.text || <span className="text-slate-500">(empty)</span>}</span>
                <div className="text-slate-500">
                  {m.encoding}, {m.segments} {m.segments === 1 ? 'part' : 'parts'}
                  {!m.complete && ', incomplete'}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
