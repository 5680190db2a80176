import { useTranslations } from 'next-intl';
import { DataTable } from '@/components/ui/data-table';
import { useFormat } from '@/components/ui/format';
import type { UnroutedInboundView } from '@/shared/contracts/inbound';

/** MO no number routed (D18), newest first; the text as received (hex for binary). */
export function UnroutedInboundTable({ items }: { items: UnroutedInboundView[] }) {
  const t = useTranslations('operator.inbound.table');
  const f = useFormat();
  return (
    <DataTable
      caption={t('caption')}
      empty={t('empty')}
      className="min-w-[40rem]"
      alignTop
      rows={items}
      rowKey={(m) => m.inbound_id}
      columns={[
        { id: 'received', header: t('received'), className: 'whitespace-nowrap', cell: (m) => f.dateTime(m.received_at, 'UTC') },
        { id: 'from', header: t('from'), className: 'font-mono text-xs', cell: (m) => m.from },
        { id: 'to', header: t('to'), className: 'font-mono text-xs', cell: (m) => m.to },
        { id: 'carrier', header: t('carrier'), className: 'text-xs', cell: (m) => m.carrier },
        {
          id: 'text',
          header: t('text'),
          className: 'text-xs break-words',
          cell: (m) => (
            <>
              <span className={m.encoding === 'binary' ? 'font-mono' : undefined}>{m.text || <span className="text-slate-500">{t('emptyText')}</span>}</span>
              <div className="text-slate-500">
                {t('parts', { encoding: m.encoding, count: m.segments })}
                {!m.complete && t('incomplete')}
              </div>
            </>
          ),
        },
      ]}
    />
  );
}
