import { EmptyState } from '@/components/ui/card';
import { formatDateTime } from '@/components/ui/format';
import type { SenderId } from '@/server/contracts/sender-ids';
import { SenderIdState } from './sender-id-state';
import { WithdrawSenderIdButton } from './withdraw-sender-id-button';

/** The organization's sender IDs with state and reason; a pending one can be withdrawn by those who may write. */
export function SenderIdsTable({ items, canWrite, timezone }: { items: SenderId[]; canWrite: boolean; timezone: string }) {
  if (!items.length) return <EmptyState>No sender IDs yet.</EmptyState>;
  return (
    <table className="w-full text-left text-sm" aria-label="Sender IDs">
      <thead className="text-slate-600">
        <tr>
          <th className="py-2">Sender ID</th>
          <th>State</th>
          <th>Reason</th>
          <th>Purpose</th>
          <th>Requested</th>
          <th />
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
            <td>{formatDateTime(s.created_at, timezone)}</td>
            <td>{canWrite && s.state === 'pending' ? <WithdrawSenderIdButton id={s.id} senderId={s.sender_id} /> : null}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
