import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { numbers } from '@/db/schema';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { ApiError } from '@/shared/errors/api-error';
import { validationError } from '@/shared/errors/validation';
import { addressLabel, addressProblems } from './address';
import { foldKeyword } from './keyword';

export type ReleasedNumber = typeof numbers.$inferSelect;

/**
 * D18: takes one assignment back, in one audited transaction: the number, or the short code's catch-all when no
 * keyword is given (its keywords stay), or the short code + keyword (matched folded, so `shop` releases `SHOP`).
 * Answers the row as it was assigned; nothing assigned there is 404.
 */
export async function releaseNumber(db: Db, input: { number: string; keyword: string | null; actor: string }): Promise<ReleasedNumber> {
  const { number, keyword, actor } = input;
  const problems = addressProblems(number, keyword);
  if (problems.length) throw validationError(problems.map((p) => ({ ...p, code: 'INVALID_FIELD_FORMAT' })));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(numbers)
      .where(and(eq(numbers.number, number), eq(numbers.keywordFolded, keyword === null ? '' : foldKeyword(keyword))))
      .returning();
    if (!row) throw new ApiError('NOT_FOUND', { message: `${addressLabel(number, keyword)} is not assigned` });
    await recordAudit(tx, {
      actor,
      action: 'number.release',
      targetType: 'number',
      targetId: row.id,
      organizationId: row.organizationId,
      details: { number: row.number, keyword: row.keyword, app_id: row.appId },
    });
    return row;
  });
}
