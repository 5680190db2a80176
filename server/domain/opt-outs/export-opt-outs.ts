import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { optOuts } from '@/db/schema';

const PAGE = 5000;

/** A CSV cell: quoted when it holds a comma, quote or line break; a leading =, +, - or @ is defused (spreadsheet formulas). */
function cell(value: string): string {
  const safe = /^[=+\-@]/.test(value) && !/^\+\d+$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** D19's CSV export: the organization's whole list, newest first, a keyset page at a time. */
export async function* optOutCsvLines(db: DbOrTx, organizationId: string): AsyncGenerator<string> {
  yield 'phone,source,reason,created_at\r\n';
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
    yield rows.map((r) => [r.phone, r.source, cell(r.reason ?? ''), r.createdAt.toISOString()].join(',') + '\r\n').join('');
    const last = rows[rows.length - 1];
    after = { ts: last.ts, phone: last.phone };
    if (rows.length < PAGE) return;
  }
}
