import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { gatewayApps, numbers, organizations } from '@/db/schema';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { findApp } from '@/server/domain/keys/list-apps';
import { ApiError } from '@/shared/errors/api-error';
import { validationError } from '@/shared/errors/validation';
import { newId } from '@/server/lib/ids';
import { addressLabel, addressProblems } from './address';
import { foldKeyword } from './keyword';
import type { NumberRow } from './list-numbers';

/**
 * D18: gives an app a dedicated number, a short code's catch-all (no keyword) or a short code + keyword, in one
 * audited transaction. The keyword is kept as typed and unique by its folded form, so `shôp` is taken when
 * `SHOP` is: a number or short code + keyword another assignment holds (any app, this one included) is 409
 * NUMBER_TAKEN, naming the holder. Callers pass trimmed text; an empty keyword is the caller's to refuse.
 */
export async function assignNumber(db: Db, input: { appId: string; number: string; keyword: string | null; actor: string }): Promise<NumberRow> {
  const { number, keyword, actor } = input;
  const problems = addressProblems(number, keyword);
  if (problems.length) throw validationError(problems.map((p) => ({ ...p, code: 'INVALID_FIELD_FORMAT' })));
  const keywordFolded = keyword === null ? '' : foldKeyword(keyword);
  return db.transaction(async (tx) => {
    const app = await findApp(tx, input.appId, null).catch((e: unknown) => {
      throw e instanceof ApiError && e.errorName === 'NOT_FOUND' ? new ApiError('NOT_FOUND', { message: `unknown app ${input.appId}` }) : e;
    });
    const [row] = await tx
      .insert(numbers)
      .values({ id: newId('num'), number, keyword, keywordFolded, appId: app.id, organizationId: app.organizationId })
      .onConflictDoNothing({ target: [numbers.number, numbers.keywordFolded] })
      .returning();
    if (!row) {
      const [holder] = await tx
        .select({ keyword: numbers.keyword, appId: numbers.appId, appName: gatewayApps.name, organizationName: organizations.name })
        .from(numbers)
        .innerJoin(gatewayApps, eq(gatewayApps.id, numbers.appId))
        .innerJoin(organizations, eq(organizations.id, numbers.organizationId))
        .where(and(eq(numbers.number, number), eq(numbers.keywordFolded, keywordFolded)));
      const typed = holder && holder.keyword !== keyword ? ` (as ${holder.keyword})` : '';
      const owner = holder ? ` to app ${holder.appId} (${holder.appName}, ${holder.organizationName})${typed}` : '';
      throw new ApiError('NUMBER_TAKEN', { message: `${addressLabel(number, keyword)} is already assigned${owner}: release it first` });
    }
    const [org] = await tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, app.organizationId));
    await recordAudit(tx, {
      actor,
      action: 'number.assign',
      targetType: 'number',
      targetId: row.id,
      organizationId: app.organizationId,
      details: { number, keyword, app_id: app.id },
    });
    return { ...row, appName: app.name, organizationName: org.name };
  });
}
