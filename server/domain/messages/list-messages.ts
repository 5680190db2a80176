import { and, asc, desc, eq, getTableColumns, getTableName, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { messageDispatches, messageRecipients, messages, messageTexts, type SendingType } from '@/db/schema';
import { of } from '@/server/lib/sql-names';
import type { MessageListItem, MessagePage } from '@/shared/contracts/messages-dashboard';
import type { MessageStatus } from '@/shared/contracts/send';
import { localRange } from '@/server/domain/overview/local-days';
import { pastTimeKey, readTimeKey, timeKeyCursor } from '@/server/domain/pagination/keyset';
import { validationError } from '@/shared/errors/validation';
import { normalizePhone } from '@/shared/messages/phone';
import { toMessageStatus } from './get-status';
import { aggregateStatusSql } from './status-sql';
import { arrayLiteral } from '@/server/lib/sql-arrays';
import { inDispatchBlocks } from '@/server/domain/delivery/recipient-blocks';

export type MessageFilter = {
  status?: MessageStatus['status'];
  sendingType?: SendingType;
  /** Local dates in the merchant timezone, inclusive. */
  from?: string;
  to?: string;
  phone?: string;
};
export type PageRequest = { cursor?: string; direction: 'next' | 'prev'; limit: number };
/**
 * Qualified with of(): drizzle writes a column of a one-table select's fields bare, which a subquery would misread
 * (the same goes for the subqueries' own columns, named under their aliases).
 */
const MESSAGE_ID = of(getTableName(messages), messages.id);
type Org = { id: string; timezone: string; defaultCountry: string };

function filterSql(org: Org, f: MessageFilter): SQL[] {
  const where: SQL[] = [eq(messages.organizationId, org.id)];
  if (f.status) where.push(sql`${aggregateStatusSql()} = ${f.status}`);
  if (f.sendingType) where.push(eq(messages.sendingType, f.sendingType));
  if (f.from && f.to && f.from > f.to) {
    throw validationError([{ field: 'to', code: 'INVALID_FIELD_FORMAT', message: 'The end date is before the start date.' }]);
  }
  const { start, end } = localRange(org.timezone, f.from, f.to);
  if (start) where.push(gte(messages.createdAt, start));
  if (end) where.push(lt(messages.createdAt, end));
  const phone = f.phone?.trim();
  if (phone) {
    const digits = phone.replace(/\D/g, '');
    if (digits.length < 3) throw validationError([{ field: 'phone', code: 'INVALID_FIELD_FORMAT', message: 'Type at least 3 digits of the number.' }]);
    const n = normalizePhone(phone, org.defaultCountry);
    const exact = n.ok ? sql` or ${of('r', messageRecipients.phone)} = ${n.e164}` : sql``;
    where.push(sql`exists (select 1 from ${messageRecipients} r
                            where ${of('r', messageRecipients.messageId)} = ${MESSAGE_ID} and (${of('r', messageRecipients.phone)} like ${`%${digits}%`}${exact}))`);
  }
  return where;
}

/**
 * The organization's sends, newest first, filtered, by keyset pages:
 * `next` gives older sends than the cursor, `prev` newer ones.
 */
export async function listMessages(db: DbOrTx, org: Org, filter: MessageFilter, page: PageRequest): Promise<MessagePage> {
  const where = filterSql(org, filter);
  const at = page.cursor ? readTimeKey(page.cursor) : null;
  const back = page.direction === 'prev' && at !== null;
  if (at) where.push(pastTimeKey(messages.createdAt, messages.id, at, back ? 'newer' : 'older'));
  const rows = await db
    .select({
      ...getTableColumns(messages),
      cursorTs: sql<string>`${messages.createdAt}::text`,
      // the first dispatch's first recipient id (its row at position 0: a send's insert numbers each dispatch's rows
      // in position order), read by key below
      dispatchFirstId: sql<string | null>`(select ${of('d', messageDispatches.firstRecipientId)} from ${messageDispatches} d
         where ${of('d', messageDispatches.messageId)} = ${MESSAGE_ID} and ${of('d', messageDispatches.seq)} = 0)`,
    })
    .from(messages)
    .where(and(...where))
    .orderBy(...(back ? [asc(messages.createdAt), asc(messages.id)] : [desc(messages.createdAt), desc(messages.id)]))
    .limit(page.limit + 1);

  const more = rows.length > page.limit;
  const pageRows = rows.slice(0, page.limit);
  if (back) pageRows.reverse();
  const parts = await pageRowsParts(db, pageRows.map((r) => ({ id: r.id, firstRecipientId: r.firstRecipientId, dispatchFirstId: r.dispatchFirstId === null ? null : Number(r.dispatchFirstId) })));
  const items: MessageListItem[] = pageRows.map(({ cursorTs: _ts, dispatchFirstId: _first, ...row }) => ({
    ...toMessageStatus(row),
    // a send accepted before migration 0049 has its text on its row (D24)
    body_preview: preview(row.firstRecipientId === null ? row.body : (parts.get(row.id)?.text ?? null)),
    sender_id: row.senderId,
    first_recipient: parts.get(row.id)?.phone ?? null,
  }));
  const first = pageRows[0];
  const last = pageRows[pageRows.length - 1];
  // Going back, there are newer rows when more came back; going forward, when we started from a cursor.
  const hasNewer = back ? more : at !== null;
  const hasOlder = back ? true : more;
  return {
    items,
    next_cursor: hasOlder && last ? timeKeyCursor(last.cursorTs, last.id) : null,
    prev_cursor: hasNewer && first ? timeKeyCursor(first.cursorTs, first.id) : null,
    timezone: org.timezone,
  };
}

/** A list row's text: at most 80 characters (from its first 81); null once the retention dropped it (D24). */
function preview(body: string | null): string | null {
  return body === null || body.length <= 80 ? body : `${body.slice(0, 79)}…`;
}

type PageRowKeys = { id: string; firstRecipientId: number | null; dispatchFirstId: number | null };

/**
 * What a page's rows show besides their own columns, by message id: each send's text (its first 81 characters, from
 * message_texts by its key; null once the retention dropped it, D24) and its first recipient (position 0 of its first
 * dispatch, by that dispatch's first recipient id). One statement whose only parameter is the page's keys as JSON:
 * Postgres caches its generic plan, and each row's probes are pruned to the partitions holding them when they run.
 * Bounds as parameters of their own, or the probes as subqueries of the page's statement, had every page planned
 * anew over each month's partitions.
 */
async function pageRowsParts(db: DbOrTx, rows: readonly PageRowKeys[]): Promise<Map<string, { text: string | null; phone: string | null }>> {
  const found = new Map<string, { text: string | null; phone: string | null }>();
  if (!rows.length) return found;
  const keys = JSON.stringify(rows.map((r) => ({ m: r.id, f: r.firstRecipientId, d: r.dispatchFirstId })));
  const read = await db.execute<{ m: string; text: string | null; phone: string | null }>(sql`
    select k.m,
           (select left(${of('t', messageTexts.body)}, 81) from ${messageTexts} t
             where ${of('t', messageTexts.messageId)} = k.m and ${of('t', messageTexts.firstRecipientId)} = k.f) as text,
           (select ${of('r', messageRecipients.phone)} from ${messageRecipients} r
             where ${of('r', messageRecipients.id)} = k.d and ${of('r', messageRecipients.position)} = 0) as phone
      from jsonb_to_recordset(${keys}::jsonb) as k(m text, f bigint, d bigint)`);
  for (const r of read) found.set(r.m, { text: r.text, phone: r.phone });
  // a send whose first id did not name its position 0 (its insert never writes one) or whose dispatch predates
  // migration 0044 (no first id): its first recipient read by its dispatch
  const rest = rows.filter((r) => !found.get(r.id)?.phone).map((r) => r.id);
  for (const [id, phone] of await firstRecipientsByDispatch(db, rest)) found.set(id, { text: found.get(id)?.text ?? null, phone });
  return found;
}

/** Each send's first recipient read through its first dispatch; a send with no recipient row (an SMPP submit to a listed phone) shows none. */
async function firstRecipientsByDispatch(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (ids.length) {
    const rows = await db.execute<{ message_id: string; phone: string }>(sql`
      select ${of('d', messageDispatches.messageId)}, ${of('r', messageRecipients.phone)} from ${messageDispatches} d
        join ${messageRecipients} r on ${of('r', messageRecipients.dispatchId)} = ${of('d', messageDispatches.id)}
       where ${of('d', messageDispatches.messageId)} = any(${arrayLiteral(ids)}::text[]) and ${of('d', messageDispatches.seq)} = 0
         and ${of('r', messageRecipients.position)} = 0
         and ${inDispatchBlocks(sql`${of('r', messageRecipients.id)}`, sql`${of('d', messageDispatches.firstRecipientId)}`)}`);
    for (const r of rows) found.set(r.message_id, r.phone);
  }
  return found;
}
