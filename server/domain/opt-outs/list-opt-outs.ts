import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { optOuts } from '@/db/schema';
import { DEFAULT_PAGE_LIMIT } from '@/server/contracts/reconcile';
import type { ListOptOutsInput, OptOut, OptOutsPage } from '@/server/contracts/opt-outs';
import { decodeCursor, encodeCursor } from '@/server/domain/messages/list-messages';
import { validationError } from '@/server/errors/validation';
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
  if (q.cursor) {
    const at = decodeCursor(q.cursor);
    where.push(sql`(${optOuts.createdAt}, ${optOuts.phone}) < (${at.ts}::timestamptz, ${at.id})`);
  }
  const limit = q.limit ?? DEFAULT_PAGE_LIMIT;
  const rows = await db
    .select({ phone: optOuts.phone, source: optOuts.source, reason: optOuts.reason, createdAt: optOuts.createdAt, cursorTs: sql<string>`${optOuts.createdAt}::text` })
    .from(optOuts)
    .where(and(...where))
    .orderBy(desc(optOuts.createdAt), desc(optOuts.phone))
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return { items: shown.map(toOptOut), next_cursor: rows.length > limit && last ? encodeCursor(last.cursorTs, last.phone) : null };
}
