import { and, desc, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { inboundMessages } from '@/db/schema';
import { decodeCursor, encodeCursor } from '@/server/domain/messages/list-messages';

type InboundRow = typeof inboundMessages.$inferSelect;

/**
 * One keyset page of inbound_messages matching `where`, newest first on (received_at, id): the rows shown (at most
 * `limit`) and the cursor of the next page (null at the end). Shared by GET /inbound and the console's unrouted list.
 */
export async function pageOfInbound(db: DbOrTx, where: SQL[], cursor: string | undefined, limit: number): Promise<{ rows: InboundRow[]; nextCursor: string | null }> {
  const all = [...where];
  if (cursor) {
    const at = decodeCursor(cursor);
    all.push(sql`(${inboundMessages.receivedAt}, ${inboundMessages.id}) < (${at.ts}::timestamptz, ${at.id})`);
  }
  const rows = await db
    .select({ row: inboundMessages, cursorTs: sql<string>`${inboundMessages.receivedAt}::text` })
    .from(inboundMessages)
    .where(and(...all))
    .orderBy(desc(inboundMessages.receivedAt), desc(inboundMessages.id))
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return { rows: shown.map((r) => r.row), nextCursor: rows.length > limit && last ? encodeCursor(last.cursorTs, last.row.id) : null };
}
