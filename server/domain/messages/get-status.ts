import { sql } from 'drizzle-orm';
import { messages } from '@/db/schema';
import { of } from '@/server/lib/sql-names';
import type { MessageStatus } from '@/shared/contracts/send';
import { keyedReadSql, type KeyedRead } from '@/server/domain/keys/authenticate';
import { ApiError } from '@/shared/errors/api-error';
import { toAmount } from '@/server/lib/money';
import { assertNotExpired } from '@/server/domain/retention/expiry';

type MessageRow = typeof messages.$inferSelect;

/** What a message status is made of: the columns of a message row that toMessageStatus reads. */
export type StatusRow = Pick<
  MessageRow,
  | 'id'
  | 'sendingType'
  | 'totalRecipients'
  | 'dispatchesTotal'
  | 'totalMessages'
  | 'totalCost'
  | 'refundedAmount'
  | 'currency'
  | 'controlState'
  | 'pickedUp'
  | 'delivered'
  | 'failed'
  | 'cancelled'
  | 'dispatchesDone'
  | 'nextDispatchAt'
  | 'createdAt'
  | 'updatedAt'
>;

/** D5: deliveries are (recipient, dispatch) pairs; the aggregate status follows the precedence of D5. */
export function toMessageStatus(row: StatusRow): MessageStatus {
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
    refunded_amount: toAmount(row.refundedAmount),
    currency: row.currency,
    dispatches_total: row.dispatchesTotal,
    dispatches_done: row.dispatchesDone,
    next_dispatch_at: row.nextDispatchAt && pending > 0 ? row.nextDispatchAt.toISOString() : null,
  };
}

function aggregateStatus(row: StatusRow, pending: number): MessageStatus['status'] {
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

/**
 * GET /status in one round trip: the message of this id and of the key's organization, read in the statement
 * that checks the key and takes its slot (authorizeRequest), and only when it got one. Another merchant's
 * message is no row, as an unknown id is. Columns named m_*, mapped by statusFromKeyedRow.
 */
export const STATUS_READ_SQL = keyedReadSql(
  sql`${of('m', messages.id)} as m_id, ${of('m', messages.sendingType)} as m_sending_type, ${of('m', messages.totalRecipients)} as m_total_recipients,
    ${of('m', messages.dispatchesTotal)} as m_dispatches_total, ${of('m', messages.totalMessages)} as m_total_messages,
    ${of('m', messages.totalCost)} as m_total_cost, ${of('m', messages.refundedAmount)} as m_refunded_amount,
    ${of('m', messages.currency)} as m_currency, ${of('m', messages.controlState)} as m_control_state, ${of('m', messages.pickedUp)} as m_picked_up,
    ${of('m', messages.delivered)} as m_delivered, ${of('m', messages.failed)} as m_failed, ${of('m', messages.cancelled)} as m_cancelled,
    ${of('m', messages.dispatchesDone)} as m_dispatches_done, ${of('m', messages.nextDispatchAt)} as m_next_dispatch_at,
    ${of('m', messages.createdAt)} as m_created_at, ${of('m', messages.updatedAt)} as m_updated_at`,
  sql`left join ${messages} m on k.allowed and ${of('m', messages.id)} = $9 and ${of('m', messages.organizationId)} = k.organization_id`,
);

/** The keyed read of a message's status; null for an id that cannot exist (404 after the key check alone). */
export function messageStatusRead(messageId: string): KeyedRead | null {
  return isMessageId(messageId) ? { sql: STATUS_READ_SQL, params: [messageId] } : null;
}

/**
 * The answer from the keyed read's row: the message status, MESSAGE_NOT_FOUND when it found none, MESSAGE_EXPIRED
 * when the send is older than the retention (D24).
 */
export function statusFromKeyedRow(row: Record<string, unknown> | null, retention: { now: Date; retentionDays: number }): MessageStatus {
  if (!row || row.m_id === null || row.m_id === undefined) throw new ApiError('MESSAGE_NOT_FOUND');
  const r = row as KeyedStatusColumns;
  assertNotExpired(new Date(r.m_created_at), retention);
  // Mapped as drizzle maps them (the pool's driver hands timestamps over as text, numeric as a string).
  return toMessageStatus({
    id: r.m_id,
    sendingType: r.m_sending_type,
    totalRecipients: r.m_total_recipients,
    dispatchesTotal: r.m_dispatches_total,
    totalMessages: r.m_total_messages,
    totalCost: r.m_total_cost,
    refundedAmount: r.m_refunded_amount,
    currency: r.m_currency,
    controlState: r.m_control_state,
    pickedUp: r.m_picked_up,
    delivered: r.m_delivered,
    failed: r.m_failed,
    cancelled: r.m_cancelled,
    dispatchesDone: r.m_dispatches_done,
    nextDispatchAt: r.m_next_dispatch_at === null ? null : new Date(r.m_next_dispatch_at),
    createdAt: new Date(r.m_created_at),
    updatedAt: new Date(r.m_updated_at),
  });
}

type KeyedStatusColumns = {
  m_id: string;
  m_sending_type: StatusRow['sendingType'];
  m_total_recipients: number;
  m_dispatches_total: number;
  m_total_messages: number;
  m_total_cost: string;
  m_refunded_amount: string;
  m_currency: string;
  m_control_state: StatusRow['controlState'];
  m_picked_up: number;
  m_delivered: number;
  m_failed: number;
  m_cancelled: number;
  m_dispatches_done: number;
  m_next_dispatch_at: string | Date | null;
  m_created_at: string | Date;
  m_updated_at: string | Date;
};
