import { and, desc, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { inboundMessages } from '@/db/schema';
import type { ListUnroutedInboundInput, UnroutedInboundPage } from '@/server/contracts/inbound';
import { decodeCursor, encodeCursor } from '@/server/domain/messages/list-messages';

/**
 * D18: MO that no number routed (stored, acknowledged to the carrier, never silently dropped), newest first, for the
 * operator console; keyset pages on inbound_messages_unrouted_idx.
 */
export async function listUnroutedInbound(db: DbOrTx, q: ListUnroutedInboundInput): Promise<UnroutedInboundPage> {
  const where: SQL[] = [isNull(inboundMessages.organizationId)];
  if (q.cursor) {
    const at = decodeCursor(q.cursor);
    where.push(sql`(${inboundMessages.receivedAt}, ${inboundMessages.id}) < (${at.ts}::timestamptz, ${at.id})`);
  }
  const limit = q.limit ?? 50;
  const rows = await db
    .select({ row: inboundMessages, cursorTs: sql<string>`${inboundMessages.receivedAt}::text` })
    .from(inboundMessages)
    .where(and(...where))
    .orderBy(desc(inboundMessages.receivedAt), desc(inboundMessages.id))
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return {
    items: shown.map(({ row }) => ({
      inbound_id: row.id,
      from: row.fromPhone,
      to: row.toNumber,
      text: row.text,
      encoding: row.encoding,
      segments: row.segments,
      complete: row.complete,
      carrier: row.carrier,
      received_at: row.receivedAt.toISOString(),
    })),
    next_cursor: rows.length > limit && last ? encodeCursor(last.cursorTs, last.row.id) : null,
  };
}
