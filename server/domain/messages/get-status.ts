import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { messages } from '@/db/schema';
import type { MessageStatus } from '@/server/contracts/send';
import { ApiError } from '@/server/errors/api-error';
import { toAmount } from '@/server/lib/money';
import { prepared } from '@/server/lib/prepared';

type MessageRow = typeof messages.$inferSelect;

/** D5: deliveries are (recipient, dispatch) pairs; the aggregate status follows the precedence of D5. */
export function toMessageStatus(row: MessageRow): MessageStatus {
  const deliveries = row.totalRecipients * row.dispatchesTotal;
  const pending = deliveries - row.delivered - row.failed - row.cancelled;
  return {
    message_id: row.id,
    status: aggregateStatus(row, pending),
    total_recipients: row.totalRecipients,
    delivered: row.delivered,
    failed: row.failed,
    pending,
    cancelled: row.cancelled,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    sending_type: row.sendingType,
    total_messages: row.totalMessages,
    total_cost: toAmount(row.totalCost),
    currency: row.currency,
    dispatches_total: row.dispatchesTotal,
    dispatches_done: row.dispatchesDone,
    next_dispatch_at: row.nextDispatchAt && pending > 0 ? row.nextDispatchAt.toISOString() : null,
  };
}

function aggregateStatus(row: MessageRow, pending: number): MessageStatus['status'] {
  if (row.controlState === 'cancelled') return 'cancelled';
  if (row.controlState === 'paused') return 'paused';
  if (pending > 0) return row.pickedUp === 0 ? 'pending' : 'processing';
  if (row.delivered === 0 && row.failed === 0) return 'cancelled'; // every delivery skipped
  if (row.failed === 0) return 'delivered';
  if (row.delivered === 0) return 'failed';
  return 'partially_delivered';
}

/**
 * The shape of the ids newId('msg') makes. Anything else is not found without
 * asking the database (which also refuses some strings outright, e.g. U+0000).
 */
export function isMessageId(id: string): boolean {
  return /^msg_[0-9A-Za-z]{1,64}$/.test(id);
}

/** One indexed read: counters live on the message row. Another merchant's id is indistinguishable from an unknown one. */
export async function getMessageStatus(db: DbOrTx, organizationId: string, messageId: string): Promise<MessageStatus> {
  if (!isMessageId(messageId)) throw new ApiError('MESSAGE_NOT_FOUND');
  const [row] = await prepared(db, 'message_status', () =>
    db
      .select()
      .from(messages)
      .where(and(eq(messages.id, sql.placeholder('id')), eq(messages.organizationId, sql.placeholder('org'))))
      .limit(1)
      .prepare('message_status'),
  ).execute({ id: messageId, org: organizationId });
  if (!row) throw new ApiError('MESSAGE_NOT_FOUND');
  return toMessageStatus(row);
}
