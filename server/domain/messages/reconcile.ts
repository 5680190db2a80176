import { and, asc, desc, eq, getTableColumns, gt, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { messageDispatches, messageRecipients, messages, organizations } from '@/db/schema';
import type { ListApiMessagesInput, ListApiRecipientsInput, RecipientDelivery } from '@/shared/contracts/reconcile';
import { DEFAULT_PAGE_LIMIT } from '@/shared/contracts/reconcile';
import type { MessageStatus } from '@/shared/contracts/send';
import { startOfLocalDay, addDays } from '@/server/domain/overview/local-days';
import { idCursor, pastTimeKey, readIdKey, readTimeKey, takePage, timeKeyCursor } from '@/server/domain/pagination/keyset';
import { ApiError } from '@/shared/errors/api-error';
import { assertNotExpired } from '@/server/domain/retention/expiry';
import { validationError } from '@/shared/errors/validation';
import { toAmount } from '@/server/lib/money';
import { toMessageStatus } from './get-status';
import { aggregateStatusSql } from './status-sql';

/** A page of D17's lists: an opaque `next_cursor`, null at the end. */
type Page<T> = { items: T[]; next_cursor: string | null };

/** A query moment: an instant as given, or a local date's start (from) or end (to) in the merchant timezone. */
export function momentOf(value: string, timeZone: string, edge: 'start' | 'end', field: string): Date {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value);
  let at: Date;
  try {
    at = date ? startOfLocalDay(edge === 'end' ? addDays(value, 1) : value, timeZone) : new Date(value);
  } catch {
    at = new Date(Number.NaN); // e.g. 2026-02-30: Temporal refuses it
  }
  // Date.parse rolls 2026-02-30T10:00Z over to March: a real instant prints back the same calendar date.
  if (Number.isNaN(at.getTime()) || (!date && !sameCalendarDate(value, at))) {
    throw validationError([{ field, code: 'INVALID_FIELD_FORMAT', message: 'This is not a real date or time.' }]);
  }
  return at;
}

function sameCalendarDate(value: string, at: Date): boolean {
  const offset = /([+-])(\d{2}):(\d{2})$/.exec(value);
  const minutes = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
  return new Date(at.getTime() + minutes * 60_000).toISOString().slice(0, 10) === value.slice(0, 10);
}

/**
 * D17, reconciliation for merchants' servers: the organization's messages, each as GET /status answers it, newest
 * first, by keyset pages.
 */
export async function listApiMessages(db: DbOrTx, organizationId: string, q: ListApiMessagesInput): Promise<Page<MessageStatus>> {
  // The merchant timezone matters only for a plain date; a page without one costs no extra round trip.
  const needsZone = [q.created_from, q.created_to, q.updated_since].some((v) => v?.length === 10);
  const [org] = needsZone
    ? await db.select({ timezone: organizations.timezone }).from(organizations).where(eq(organizations.id, organizationId))
    : [{ timezone: 'UTC' }];
  const where: SQL[] = [eq(messages.organizationId, organizationId)];
  if (q.status) where.push(sql`${aggregateStatusSql()} = ${q.status}`);
  if (q.sending_type) where.push(eq(messages.sendingType, q.sending_type));
  const from = q.created_from ? momentOf(q.created_from, org.timezone, 'start', 'created_from') : null;
  const to = q.created_to ? momentOf(q.created_to, org.timezone, 'end', 'created_to') : null;
  if (from && to && from > to) throw validationError([{ field: 'created_to', code: 'INVALID_FIELD_FORMAT', message: 'created_to is before created_from.' }]);
  if (from) where.push(gte(messages.createdAt, from));
  // A date's end is the next day's start (exclusive); an instant is inclusive.
  if (to) where.push(q.created_to!.length === 10 ? lt(messages.createdAt, to) : lte(messages.createdAt, to));
  if (q.updated_since) where.push(gte(messages.updatedAt, momentOf(q.updated_since, org.timezone, 'start', 'updated_since')));
  if (q.cursor) where.push(pastTimeKey(messages.createdAt, messages.id, readTimeKey(q.cursor)));
  const limit = q.limit ?? DEFAULT_PAGE_LIMIT;
  const rows = await db
    .select({ ...getTableColumns(messages), cursorTs: sql<string>`${messages.createdAt}::text` })
    .from(messages)
    .where(and(...where))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit + 1);
  const { shown, last, more } = takePage(rows, limit);
  return {
    items: shown.map(({ cursorTs: _ts, ...row }) => toMessageStatus(row)),
    next_cursor: more && last ? timeKeyCursor(last.cursorTs, last.id) : null,
  };
}

/**
 * D17: one message's deliveries (recipient x dispatch) in row order, by keyset pages. Only the caller's
 * organization: another's message id answers 404 like an unknown one; a send older than the retention 404 expired (D24).
 */
export async function listApiRecipients(
  db: DbOrTx,
  organizationId: string,
  q: ListApiRecipientsInput,
  retention: { now: Date; retentionDays: number },
): Promise<Page<RecipientDelivery>> {
  const [msg] = await db
    .select({ segments: messages.segments, createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.id, q.message_id), eq(messages.organizationId, organizationId)));
  if (!msg) throw new ApiError('MESSAGE_NOT_FOUND');
  assertNotExpired(msg.createdAt, retention);
  const where: SQL[] = [eq(messageRecipients.messageId, q.message_id)];
  if (q.state) where.push(eq(messageRecipients.state, q.state));
  if (q.cursor) where.push(gt(messageRecipients.id, readIdKey(q.cursor)));
  const limit = q.limit ?? DEFAULT_PAGE_LIMIT;
  const rows = await db
    .select({ r: messageRecipients, dispatchAt: messageDispatches.dispatchAt })
    .from(messageRecipients)
    .innerJoin(messageDispatches, eq(messageDispatches.id, messageRecipients.dispatchId))
    .where(and(...where))
    .orderBy(asc(messageRecipients.id))
    .limit(limit + 1);
  const { shown, last, more } = takePage(rows, limit);
  return {
    items: shown.map(({ r, dispatchAt }) => ({
      phone: r.phone,
      state: r.state,
      dispatch_at: dispatchAt?.toISOString() ?? null,
      price: toAmount(r.price),
      segments: msg.segments,
      error_code: r.errorCode,
      error_message: r.errorMessage,
      carrier: r.carrier,
      carrier_message_id: r.carrierMessageId,
      updated_at: r.updatedAt.toISOString(),
    })),
    next_cursor: more && last ? idCursor(last.r.id) : null,
  };
}
