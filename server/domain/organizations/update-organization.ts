import { eq } from 'drizzle-orm';
import { isSupportedCountry } from 'libphonenumber-js';
import type { Db } from '@/db/client';
import { organizations } from '@/db/schema';
import type { UpdateOrganizationInput } from '@/server/contracts/organization';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { ApiError } from '@/server/errors/api-error';
import { validationError } from '@/server/errors/validation';

/** Name, time zone (D4: scheduled dates are read in it) and default country (D3: national numbers), audited with before/after. */
export async function updateOrganization(db: Db, input: UpdateOrganizationInput & { organizationId: string; actor: string }) {
  if (!isSupportedCountry(input.defaultCountry)) {
    throw validationError([{ field: 'defaultCountry', code: 'INVALID_FIELD_FORMAT', message: 'Choose a country from the list.' }]);
  }
  // The canonical spelling of the zone (e.g. "africa/kinshasa" -> "Africa/Kinshasa").
  const timezone = new Intl.DateTimeFormat('en-US', { timeZone: input.timezone }).resolvedOptions().timeZone;
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(organizations).where(eq(organizations.id, input.organizationId)).for('update');
    if (!before) throw new ApiError('NOT_FOUND');
    const after = { name: input.name, timezone, defaultCountry: input.defaultCountry };
    await tx.update(organizations).set({ ...after, updatedAt: new Date() }).where(eq(organizations.id, input.organizationId));
    const changed = Object.fromEntries(
      (Object.keys(after) as Array<keyof typeof after>).filter((k) => before[k] !== after[k]).map((k) => [k, { from: before[k], to: after[k] }]),
    );
    await recordAudit(tx, {
      actor: input.actor,
      action: 'organization.update',
      targetType: 'organization',
      targetId: input.organizationId,
      organizationId: input.organizationId,
      details: changed,
    });
    return { ...before, ...after };
  });
}
