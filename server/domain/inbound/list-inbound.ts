import { and, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { inboundMessages } from '@/db/schema';
import type { InboundPage, ListInboundInput } from '@/server/contracts/inbound';
import { DEFAULT_PAGE_LIMIT } from '@/server/contracts/reconcile';
import { decodeCursor, encodeCursor } from '@/server/domain/messages/list-messages';
import { momentOf } from '@/server/domain/messages/reconcile';
import { normalizeOne } from '@/server/domain/opt-outs/phones';
import { validationError } from '@/server/errors/validation';
import { toReceivedData } from './received-data';
import { destinationDigits } from './route-inbound';

/**
 * D18 GET /inbound: the organization's MO, newest first, by keyset pages on (received_at, id) (read backwards on
 * inbound_messages_org_received_idx, or _org_from_idx with `from`). `from` is read like a POST /send recipient,
 * `to` as assigned, `received_since` inclusive (a plain date from the start of that day in the merchant timezone).
 */
export async function listInbound(db: DbOrTx, org: { id: string; defaultCountry: string; timezone: string }, q: ListInboundInput): Promise<InboundPage> {
  const where: SQL[] = [eq(inboundMessages.organizationId, org.id)];
  if (q.from !== undefined) {
    const phone = normalizeOne(q.from, org.defaultCountry);
    if (phone === null) throw validationError([{ field: 'from', code: 'INVALID_FIELD_FORMAT', message: 'not a phone number' }]);
    where.push(eq(inboundMessages.fromPhone, phone));
  }
  if (q.to !== undefined) where.push(eq(inboundMessages.toNumber, destinationDigits(q.to)));
  if (q.received_since !== undefined) where.push(gte(inboundMessages.receivedAt, momentOf(q.received_since, org.timezone, 'start', 'received_since')));
  if (q.cursor) {
    const at = decodeCursor(q.cursor);
    where.push(sql`(${inboundMessages.receivedAt}, ${inboundMessages.id}) < (${at.ts}::timestamptz, ${at.id})`);
  }
  const limit = q.limit ?? DEFAULT_PAGE_LIMIT;
  const rows = await db
    .select({ row: inboundMessages, cursorTs: sql<string>`${inboundMessages.receivedAt}::text` })
    .from(inboundMessages)
    .where(and(...where))
    .orderBy(desc(inboundMessages.receivedAt), desc(inboundMessages.id))
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return {
    items: shown.map(({ row }) => ({ inbound_id: row.id, ...toReceivedData(row) })),
    next_cursor: rows.length > limit && last ? encodeCursor(last.cursorTs, last.row.id) : null,
  };
}
