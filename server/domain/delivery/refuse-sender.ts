import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { KeyEnvironment } from '@/server/domain/keys/api-keys';
import { judgeSender, senderFacts } from '@/server/domain/sender-ids/sender-policy';
import type { DispatchRef } from './recipient-events';
import { skipPending } from './skip-pending';

/** What a recipient fails with when its dispatch's sender is no longer allowed (D22): in its record and its `sms.failed` event. */
export const SENDER_NOT_ALLOWED = {
  errorCode: 'SENDER_ID_NOT_ALLOWED',
  errorMessage: 'The sender ID is no longer allowed for the organization (revoked, or a number it no longer holds).',
  retryable: false,
} as const;

/**
 * D22 at a dispatch's hand-over, in its transaction, beside the opt-out check: a scheduled or recurring send was
 * accepted with its sender, and by this dispatch the sender may no longer pass the send-time rule (judgeSender: an
 * alphanumeric ID revoked, in live; a number released). Then every pending recipient of the dispatch fails with
 * SENDER_ID_NOT_ALLOWED and its `sms.failed` event, and what they were charged for it comes back (skipPending, D20:
 * `refund` ledger rows, prepaid first). The gateway's keyword replies (from the number the MO came to) and sends
 * without a sender are never refused. Returns how many recipients failed.
 */
export async function refuseDisallowedSender(tx: DbOrTx, d: DispatchRef, environment: KeyEnvironment, now: Date): Promise<number> {
  const [m] = await tx.execute<{ organization_id: string; sender_id: string | null }>(sql`
    select organization_id, sender_id from messages where id = ${d.messageId} and sender_id is not null and channel <> 'keyword'`);
  if (!m) return 0;
  if (judgeSender(m.sender_id, environment, await senderFacts(tx, m.organization_id, m.sender_id)).ok) return 0;
  const rows = await tx.execute<{ id: number }>(sql`select id from message_recipients where dispatch_id = ${d.id} and state = 'pending' order by id`);
  return skipPending(tx, d, rows.map((r) => Number(r.id)), SENDER_NOT_ALLOWED, 'Sender ID not allowed at the dispatch', now);
}
