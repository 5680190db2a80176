import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { optOuts } from '@/db/schema';
import { csvLines } from '@/shared/csv/csv';

const PAGE = 5000;

/** D19's CSV export: the organization's whole list, newest first, a keyset page at a time (cells by shared/csv). */
export async function* optOutCsvLines(db: DbOrTx, organizationId: string): AsyncGenerator<string> {
  yield csvLines([['phone', 'source', 'reason', 'created_at']]);
  let after: { ts: string; phone: string } | null = null;
  for (;;) {
    const where: SQL[] = [eq(optOuts.organizationId, organizationId)];
    if (after) where.push(sql`(${optOuts.createdAt}, ${optOuts.phone}) < (${after.ts}::timestamptz, ${after.phone})`);
    const rows = await db
      .select({ phone: optOuts.phone, source: optOuts.source, reason: optOuts.reason, createdAt: optOuts.createdAt, ts: sql<string>`${optOuts.createdAt}::text` })
      .from(optOuts)
      .where(and(...where))
      .orderBy(desc(optOuts.createdAt), desc(optOuts.phone))
      .limit(PAGE);
    if (rows.length === 0) return;
    yield csvLines(rows.map((r) => [r.phone, r.source, r.reason ?? '', r.createdAt.toISOString()]));
    const last = rows[rows.length - 1];
    after = { ts: last.ts, phone: last.phone };
    if (rows.length < PAGE) return;
  }
}
