import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { messageRecipients as recipients } from '@/db/schema';
import type { KeyEnvironment } from '@/server/domain/keys/api-keys';
import { judgeSender, senderFacts } from '@/server/domain/sender-ids/sender-policy';
import type { DispatchRef } from './recipient-events';
import { inDispatchBlocksOf } from './recipient-blocks';
import { skipPending } from './skip-pending';

/** What a recipient fails with when its dispatch's sender is no longer allowed (D22): in its record and its `sms.failed` event. */
export const SENDER_NOT_ALLOWED = {
  errorCode: 'SENDER_ID_NOT_ALLOWED',
  errorMessage: 'The sender ID is no longer allowed for the organization (revoked, or a number it no longer holds).',
  retryable: false,
} as const;

/** What the hand-over knows of a dispatch's message for D22. */
export type SenderOf = { ref: DispatchRef; organizationId: string; senderId: string | null; channel: string };

/**
 * D22 at the hand-over of a set of dispatches, in its transaction, beside the opt-out check: a scheduled or recurring
 * send was accepted with its sender, and by this dispatch the sender may no longer pass the send-time rule
 * (judgeSender: an alphanumeric ID revoked, in live; a number released). Then every pending recipient of the dispatch
 * fails with SENDER_ID_NOT_ALLOWED and its `sms.failed` event, and what they were charged for it comes back
 * (skipPending, D20: `refund` ledger rows, prepaid first). The gateway's keyword replies (from the number the MO came
 * to) and sends without a sender are never refused. The facts are read once per distinct organization and sender of
 * the set. Returns the dispatches refused.
 */
export async function refuseDisallowedSenders(tx: DbOrTx, ds: SenderOf[], environment: KeyEnvironment, now: Date): Promise<Set<string>> {
  const refused = new Set<string>();
  const verdicts = new Map<string, boolean>();
  for (const d of ds) {
    if (d.senderId === null || d.channel === 'keyword') continue;
    const key = `${d.organizationId}\u0000${d.senderId}`;
    let ok = verdicts.get(key);
    if (ok === undefined) verdicts.set(key, (ok = judgeSender(d.senderId, environment, await senderFacts(tx, d.organizationId, d.senderId)).ok));
    if (ok) continue;
    const rows = await tx.execute<{ id: number }>(sql`
      select ${recipients.id} from ${recipients} where ${recipients.dispatchId} = ${d.ref.id} and ${inDispatchBlocksOf(sql`${recipients.id}`, d.ref.firstRecipientId)}
         and ${recipients.state} = 'pending' order by ${recipients.id}`);
    await skipPending(tx, d.ref, rows.map((r) => Number(r.id)), SENDER_NOT_ALLOWED, 'Sender ID not allowed at the dispatch', now);
    refused.add(d.ref.id);
  }
  return refused;
}
