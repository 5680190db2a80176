import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { optOuts } from '@/db/schema';
import { DEFAULT_PAGE_LIMIT } from '@/shared/contracts/reconcile';
import type { ListOptOutsInput, OptOut, OptOutsPage } from '@/shared/contracts/opt-outs';
import { pastTimeKey, readTimeKey, takePage, timeKeyCursor } from '@/server/domain/pagination/keyset';
import { validationError } from '@/shared/errors/validation';
import { normalizeOne } from './phones';

type Row = typeof optOuts.$inferSelect;

export function toOptOut(row: Pick<Row, 'phone' | 'source' | 'reason' | 'createdAt'>): OptOut {
  return { phone: row.phone, source: row.source, reason: row.reason, created_at: row.createdAt.toISOString() };
}

/**
 * D19: the organization's list, newest first, by keyset pages on
 * (created_at, phone) (opt_outs_newest_idx read backwards). `phone` filters
 * to that one number, read like POST /send recipients.
 */
export async function listOptOuts(db: DbOrTx, organizationId: string, defaultCountry: string, q: ListOptOutsInput): Promise<OptOutsPage> {
  const where: SQL[] = [eq(optOuts.organizationId, organizationId)];
  if (q.phone !== undefined) {
    const phone = normalizeOne(q.phone, defaultCountry);
    if (phone === null) throw validationError([{ field: 'phone', code: 'INVALID_FIELD_FORMAT', message: 'not a phone number' }]);
    where.push(eq(optOuts.phone, phone));
  }
  if (q.cursor) where.push(pastTimeKey(optOuts.createdAt, optOuts.phone, readTimeKey(q.cursor)));
  const limit = q.limit ?? DEFAULT_PAGE_LIMIT;
  const rows = await db
    .select({ phone: optOuts.phone, source: optOuts.source, reason: optOuts.reason, createdAt: optOuts.createdAt, cursorTs: sql<string>`${optOuts.createdAt}::text` })
    .from(optOuts)
    .where(and(...where))
    .orderBy(desc(optOuts.createdAt), desc(optOuts.phone))
    .limit(limit + 1);
  const { shown, last, more } = takePage(rows, limit);
  return { items: shown.map(toOptOut), next_cursor: more && last ? timeKeyCursor(last.cursorTs, last.phone) : null };
}
