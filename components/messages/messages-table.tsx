import { useTranslations } from 'next-intl';
import Link from 'next/link';
import type { MessagePage } from '@/server/contracts/messages-dashboard';
import { StatusBadge } from './status-badge';
import { useFormat } from '@/components/ui/format';

/** The history table; each message links to its page. Scrolls sideways on narrow screens. */
export function MessagesTable({ page }: { page: MessagePage }) {
  const t = useTranslations('messages');
  const f = useFormat();
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="w-full min-w-[720px] text-left text-sm">
        <caption className="sr-only">{t('table.caption', { timezone: page.timezone })}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">{t('table.created')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t('table.message')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t('table.type')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t('table.status')}</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">{t('table.counts')}</th>
            <th scope="col" className="px-3 py-2 text-right font-medium">{t('table.cost')}</th>
          </tr>
        </thead>
        <tbody>
          {page.items.map((m) => (
            <tr key={m.message_id} className="border-t border-slate-100 align-top hover:bg-slate-50">
              <td className="whitespace-nowrap px-3 py-2 text-slate-700">
                <time dateTime={m.created_at}>{f.local(m.created_at, page.timezone)}</time>
              </td>
              <td className="px-3 py-2">
                <Link href={`/dashboard/messages/${m.message_id}`} className="font-medium text-blue-700 underline-offset-2 hover:underline">
                  <span className="line-clamp-1 break-all">{m.body_preview}</span>
                </Link>
                <span className="block text-xs text-slate-600">
                  {m.first_recipient ?? '—'}
                  {m.total_recipients > 1 && t('table.more', { count: m.total_recipients - 1 })}
                  {m.sender_id && t('table.from', { sender: m.sender_id })}
                </span>
              </td>
              <td className="px-3 py-2 text-slate-700">{t(`sendingTypes.${m.sending_type}`)}</td>
              <td className="px-3 py-2">
                <StatusBadge status={m.status} />
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums text-slate-700">
                {f.number(m.delivered)} / {f.number(m.failed)} / {f.number(m.pending)}
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{f.money(m.total_cost, m.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
