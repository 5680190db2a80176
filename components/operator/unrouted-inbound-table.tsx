import { useTranslations } from 'next-intl';
import { EmptyState } from '@/components/ui/card';
import { useFormat } from '@/components/ui/format';
import type { UnroutedInboundView } from '@/server/contracts/inbound';

/** MO no number routed (D18), newest first; the text as received (hex for binary). */
export function UnroutedInboundTable({ items }: { items: UnroutedInboundView[] }) {
  const t = useTranslations('operator.inbound.table');
  const f = useFormat();
  if (items.length === 0) return <EmptyState>{t('empty')}</EmptyState>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{t('caption')}</caption>
        <thead className="border-b border-slate-200 text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">{t('received')}</th>
            <th scope="col" className="py-2 pr-4 font-medium">{t('from')}</th>
            <th scope="col" className="py-2 pr-4 font-medium">{t('to')}</th>
            <th scope="col" className="py-2 pr-4 font-medium">{t('carrier')}</th>
            <th scope="col" className="py-2 font-medium">{t('text')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((m) => (
            <tr key={m.inbound_id} className="border-b border-slate-100 align-top last:border-0">
              <td className="py-2 pr-4 whitespace-nowrap">{f.dateTime(m.received_at, 'UTC')}</td>
              <td className="py-2 pr-4 font-mono text-xs">{m.from}</td>
              <td className="py-2 pr-4 font-mono text-xs">{m.to}</td>
              <td className="py-2 pr-4 text-xs">{m.carrier}</td>
              <td className="py-2 text-xs break-words">
                <span className={m.encoding === 'binary' ? 'font-mono' : undefined}>{m.text || <span className="text-slate-500">{t('emptyText')}</span>}</span>
                <div className="text-slate-500">
                  {t('parts', { encoding: m.encoding, count: m.segments })}
                  {!m.complete && t('incomplete')}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
