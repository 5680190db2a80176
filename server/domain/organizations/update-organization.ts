import { eq } from 'drizzle-orm';
import { isSupportedCountry } from 'libphonenumber-js';
import type { Db } from '@/db/client';
import { organizations } from '@/db/schema';
import type { UpdateOrganizationInput } from '@/shared/contracts/organization';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { ApiError } from '@/shared/errors/api-error';
import { validationError } from '@/shared/errors/validation';

/** Name, time zone (D4: scheduled dates are read in it) and default country (D3: national numbers), audited with before/after. */
export async function updateOrganization(db: Db, input: UpdateOrganizationInput & { organizationId: string; actor: string }) {
  if (!isSupportedCountry(input.defaultCountry)) {
    throw validationError([{ field: 'defaultCountry', code: 'INVALID_FIELD_FORMAT', message: 'Choose a country from the list.' }]);
  }
  // The canonical spelling of the zone (e.g. "africa/kinshasa" -> "Africa/Kinshasa").
  const timezone = new Intl.DateTimeFormat('en-US', { timeZone: input.timezone }).resolvedOptions().timeZone;
  return updateOrganizationColumns(db, input.organizationId, input.actor, { name: input.name, timezone, defaultCountry: input.defaultCountry });
}

type Columns = Partial<Pick<typeof organizations.$inferSelect, 'name' | 'timezone' | 'defaultCountry' | 'smartEncoding' | 'lowBalanceThreshold' | 'composeConfirmAmount'>>;

/**
 * Writes some of the organization's settings under its row lock and audits them as `organization.update`, with
 * `{from, to}` for each column that changed (none: an empty details object). Every Settings form goes through it.
 */
export async function updateOrganizationColumns<C extends Columns>(db: Db, organizationId: string, actor: string, after: C) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(organizations).where(eq(organizations.id, organizationId)).for('update');
    if (!before) throw new ApiError('NOT_FOUND');
    await tx.update(organizations).set({ ...after, updatedAt: new Date() }).where(eq(organizations.id, organizationId));
    const changed = Object.fromEntries(
      (Object.keys(after) as Array<keyof C & keyof typeof before>).filter((k) => before[k] !== after[k]).map((k) => [k, { from: before[k], to: after[k] }]),
    );
    await recordAudit(tx, { actor, action: 'organization.update', targetType: 'organization', targetId: organizationId, organizationId, details: changed });
    return { ...before, ...after };
  });
}
