import { and, asc, count, eq, gt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { messageDispatches, messageRecipients, messages, type RecipientState } from '@/db/schema';
import type { RecipientPage } from '@/shared/contracts/messages-dashboard';
import { ApiError } from '@/shared/errors/api-error';
import { toAmount } from '@/server/lib/money';
import { takePage } from '@/server/domain/pagination/keyset';

/** Throws 404 (as GET /status does) unless the message is the organization's. */
export async function assertOwnMessage(db: DbOrTx, organizationId: string, messageId: string): Promise<void> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.organizationId, organizationId)));
  if (!row) throw new ApiError('MESSAGE_NOT_FOUND');
}

/**
 * Per-recipient deliveries of a send (one row per recipient per dispatch), in
 * the order they were written (dispatch, then position in `to`), by keyset pages on the row id.
 */
export async function listRecipients(
  db: DbOrTx,
  organizationId: string,
  messageId: string,
  page: { cursor?: number; limit: number; state?: RecipientState },
): Promise<RecipientPage> {
  await assertOwnMessage(db, organizationId, messageId);
  const base: SQL[] = [eq(messageRecipients.messageId, messageId)];
  if (page.state) base.push(eq(messageRecipients.state, page.state));
  const where = page.cursor !== undefined ? [...base, gt(messageRecipients.id, page.cursor)] : base;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ r: messageRecipients, seq: messageDispatches.seq, dispatchAt: messageDispatches.dispatchAt })
      .from(messageRecipients)
      .innerJoin(messageDispatches, eq(messageDispatches.id, messageRecipients.dispatchId))
      .where(and(...where))
      .orderBy(asc(messageRecipients.id))
      .limit(page.limit + 1),
    db.select({ total: count() }).from(messageRecipients).where(and(...base)),
  ]);
  const { shown, last, more } = takePage(rows, page.limit);
  return {
    items: shown.map(({ r, seq, dispatchAt }) => ({
      id: r.id,
      position: r.position,
      phone: r.phone,
      state: r.state,
      dispatch_seq: seq,
      dispatch_at: dispatchAt?.toISOString() ?? null,
      price: toAmount(r.price),
      carrier: r.carrier,
      carrier_message_id: r.carrierMessageId,
      error_code: r.errorCode,
      error_message: r.errorMessage,
      sent_at: r.sentAt?.toISOString() ?? null,
      done_at: r.doneAt?.toISOString() ?? null,
    })),
    next_cursor: more && last ? last.r.id : null,
    total,
  };
}
