import type { DbOrTx } from '@/db/client';
import { NO_ROUTE } from '@/server/domain/carrier/routing';
import type { DispatchRef } from './recipient-events';
import { skipPending } from './skip-pending';

/**
 * D14 (amended) at a dispatch's hand-over, beside skipOptedOut: the pending recipients that no connector takes (live:
 * their number matches no route, the routes having changed since the send) fail NO_ROUTE, never handed to anything,
 * and are refunded (D20). Returns how many were skipped.
 */
export function skipUnroutable(tx: DbOrTx, d: DispatchRef, ids: number[], now: Date): Promise<number> {
  return skipPending(tx, d, ids, NO_ROUTE, 'No carrier route at the dispatch', now);
}
