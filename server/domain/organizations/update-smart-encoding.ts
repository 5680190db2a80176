import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { organizations } from '@/db/schema';
import type { UpdateSmartEncodingInput } from '@/server/contracts/organization';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { ApiError } from '@/server/errors/api-error';

/** D21: the organization's smart encoding (sends that do not name one), audited with before/after as organization.update. */
export async function updateSmartEncoding(db: Db, input: UpdateSmartEncodingInput & { organizationId: string; actor: string }) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(organizations).where(eq(organizations.id, input.organizationId)).for('update');
    if (!before) throw new ApiError('NOT_FOUND');
    await tx.update(organizations).set({ smartEncoding: input.smartEncoding, updatedAt: new Date() }).where(eq(organizations.id, input.organizationId));
    await recordAudit(tx, {
      actor: input.actor,
      action: 'organization.update',
      targetType: 'organization',
      targetId: input.organizationId,
      organizationId: input.organizationId,
      details: before.smartEncoding === input.smartEncoding ? {} : { smartEncoding: { from: before.smartEncoding, to: input.smartEncoding } },
    });
    return { ...before, smartEncoding: input.smartEncoding };
  });
}
