import { useTranslations } from 'next-intl';
import { DataTable } from '@/components/ui/data-table';
import { useFormat } from '@/components/ui/format';
import type { SenderId } from '@/shared/contracts/sender-ids';
import { SenderIdState } from './sender-id-state';
import { WithdrawSenderIdButton } from './withdraw-sender-id-button';

/** The organization's sender IDs with state and reason; a pending one can be withdrawn by those who may write. */
export function SenderIdsTable({ items, canWrite, timezone }: { items: SenderId[]; canWrite: boolean; timezone: string }) {
  const t = useTranslations('senderIds.table');
  const f = useFormat();
  return (
    <DataTable
      label={t('label')}
      empty={t('empty')}
      rows={items}
      rowKey={(s) => s.id}
      rowTestId={(s) => `sender-id-${s.sender_id}`}
      columns={[
        { id: 'senderId', header: t('senderId'), className: 'font-mono', cell: (s) => s.sender_id },
        { id: 'state', header: t('state'), cell: (s) => <SenderIdState state={s.state} /> },
        { id: 'reason', header: t('reason'), cell: (s) => s.reason ?? '' },
        { id: 'purpose', header: t('purpose'), cell: (s) => s.purpose },
        { id: 'requested', header: t('requested'), cell: (s) => f.dateTime(s.created_at, timezone) },
        {
          id: 'actions',
          header: t('actions'),
          hiddenHeader: true,
          cell: (s) => (canWrite && s.state === 'pending' ? <WithdrawSenderIdButton id={s.id} senderId={s.sender_id} /> : null),
        },
      ]}
    />
  );
}
