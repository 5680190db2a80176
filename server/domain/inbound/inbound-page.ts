import { and, desc, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { inboundMessages } from '@/db/schema';
import { pastTimeKey, readTimeKey, takePage, timeKeyCursor } from '@/server/domain/pagination/keyset';

type InboundRow = typeof inboundMessages.$inferSelect;

/**
 * One keyset page of inbound_messages matching `where`, newest first on (received_at, id): the rows shown (at most
 * `limit`) and the cursor of the next page (null at the end). Shared by GET /inbound and the console's unrouted list.
 */
export async function pageOfInbound(db: DbOrTx, where: SQL[], cursor: string | undefined, limit: number): Promise<{ rows: InboundRow[]; nextCursor: string | null }> {
  const all = [...where];
  if (cursor) all.push(pastTimeKey(inboundMessages.receivedAt, inboundMessages.id, readTimeKey(cursor)));
  const rows = await db
    .select({ row: inboundMessages, cursorTs: sql<string>`${inboundMessages.receivedAt}::text` })
    .from(inboundMessages)
    .where(and(...all))
    .orderBy(desc(inboundMessages.receivedAt), desc(inboundMessages.id))
    .limit(limit + 1);
  const { shown, last, more } = takePage(rows, limit);
  return { rows: shown.map((r) => r.row), nextCursor: more && last ? timeKeyCursor(last.cursorTs, last.row.id) : null };
}
