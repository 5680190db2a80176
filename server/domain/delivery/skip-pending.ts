import type { DbOrTx } from '@/db/client';
import type { Failure } from '@/server/domain/carrier/connector';
import { lockForRefund, refundMessage } from '@/server/domain/wallets/refund';
import type { DispatchRef } from './recipient-events';
import { moveWithEventsCharged } from './transitions';

/**
 * Fails pending recipients of a dispatch at its hand-over, before any carrier sees them (the opt-out list, a sender no
 * longer allowed, no route):
 * pending -> failed with `failure` and their `sms.failed` events, and what they were charged for this dispatch comes
 * back (D20: a `refund` ledger row per wallet, prepaid first, in this transaction, noted `why: n recipients`). The
 * caller holds the dispatch and its message (runDispatch); the wallets are locked here, before the move writes its
 * events (lockForRefund says why). Returns how many moved.
 */
export async function skipPending(tx: DbOrTx, d: DispatchRef, ids: number[], failure: Failure, why: string, now: Date): Promise<number> {
  if (!ids.length) return 0;
  await lockForRefund(tx, [d.messageId]);
  const { moved, charged } = await moveWithEventsCharged(
    tx,
    d,
    { from: 'pending', to: 'failed', type: 'sms.failed' },
    ids.map((id) => ({
      id,
      errorCode: failure.errorCode,
      errorMessage: failure.errorMessage,
      extra: { error_code: failure.errorCode, error_message: failure.errorMessage, retryable: failure.retryable },
    })),
    now,
  );
  const note = `${why}: ${moved} ${moved === 1 ? 'recipient' : 'recipients'}`;
  await refundMessage(tx, { messageId: d.messageId, amount: charged, actor: 'system', order: 'prepaid-first', note });
  return moved;
}
