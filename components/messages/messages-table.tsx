import { useTranslations } from 'next-intl';
import Link from 'next/link';
import type { MessagePage } from '@/shared/contracts/messages-dashboard';
import { DataTable } from '@/components/ui/data-table';
import { StatusBadge } from './status-badge';
import { useFormat } from '@/components/ui/format';

/** The history table; each message links to its page. Scrolls sideways on narrow screens. */
export function MessagesTable({ page }: { page: MessagePage }) {
  const t = useTranslations('messages');
  const f = useFormat();
  return (
    <DataTable
      caption={t('table.caption', { timezone: page.timezone })}
      look="boxed"
      className="min-w-[720px]"
      frameClassName="rounded-lg border border-slate-200 bg-white shadow-sm"
      rowClassName="border-t border-slate-100 align-top hover:bg-slate-50"
      rows={page.items}
      rowKey={(m) => m.message_id}
      columns={[
        { id: 'created', header: t('table.created'), className: 'whitespace-nowrap text-slate-700', cell: (m) => <time dateTime={m.created_at}>{f.local(m.created_at, page.timezone)}</time> },
        {
          id: 'message',
          header: t('table.message'),
          cell: (m) => (
            <>
              <Link href={`/dashboard/messages/${m.message_id}`} className="font-medium text-blue-700 underline-offset-2 hover:underline">
                <span className="line-clamp-1 break-all">{m.body_preview ?? <em>{t('texts.expired')}</em>}</span>
              </Link>
              <span className="block text-xs text-slate-600">
                {m.first_recipient ?? '—'}
                {m.total_recipients > 1 && t('table.more', { count: m.total_recipients - 1 })}
                {m.sender_id && t('table.from', { sender: m.sender_id })}
              </span>
            </>
          ),
        },
        { id: 'type', header: t('table.type'), className: 'text-slate-700', cell: (m) => t(`sendingTypes.${m.sending_type}`) },
        { id: 'status', header: t('table.status'), cell: (m) => <StatusBadge status={m.status} /> },
        {
          id: 'counts',
          header: t('table.counts'),
          align: 'right',
          className: 'whitespace-nowrap tabular-nums text-slate-700',
          cell: (m) => `${f.number(m.delivered)} / ${f.number(m.failed)} / ${f.number(m.pending)}`,
        },
        { id: 'cost', header: t('table.cost'), align: 'right', className: 'whitespace-nowrap tabular-nums', cell: (m) => f.money(m.total_cost, m.currency) },
      ]}
    />
  );
}
