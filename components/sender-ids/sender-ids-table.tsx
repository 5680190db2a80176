import { useTranslations } from 'next-intl';
import { EmptyState } from '@/components/ui/card';
import { useFormat } from '@/components/ui/format';
import type { SenderId } from '@/server/contracts/sender-ids';
import { SenderIdState } from './sender-id-state';
import { WithdrawSenderIdButton } from './withdraw-sender-id-button';

/** The organization's sender IDs with state and reason; a pending one can be withdrawn by those who may write. */
export function SenderIdsTable({ items, canWrite, timezone }: { items: SenderId[]; canWrite: boolean; timezone: string }) {
  const t = useTranslations('senderIds.table');
  const f = useFormat();
  if (!items.length) return <EmptyState>{t('empty')}</EmptyState>;
  return (
    <table className="w-full text-left text-sm" aria-label={t('label')}>
      <thead className="text-slate-600">
        <tr>
          <th scope="col" className="py-2">{t('senderId')}</th>
          <th scope="col">{t('state')}</th>
          <th scope="col">{t('reason')}</th>
          <th scope="col">{t('purpose')}</th>
          <th scope="col">{t('requested')}</th>
          <th scope="col">
            <span className="sr-only">{t('actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {items.map((s) => (
          <tr key={s.id} data-testid={`sender-id-${s.sender_id}`}>
            <td className="py-2 font-mono">{s.sender_id}</td>
            <td>
              <SenderIdState state={s.state} />
            </td>
            <td>{s.reason ?? ''}</td>
            <td>{s.purpose}</td>
            <td>{f.dateTime(s.created_at, timezone)}</td>
            <td>{canWrite && s.state === 'pending' ? <WithdrawSenderIdButton id={s.id} senderId={s.sender_id} /> : null}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
