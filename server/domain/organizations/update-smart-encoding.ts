import type { Db } from '@/db/client';
import type { UpdateSmartEncodingInput } from '@/shared/contracts/organization';
import { updateOrganizationColumns } from './update-organization';

/** D21: the organization's smart encoding (sends that do not name one), audited with before/after as organization.update. */
export function updateSmartEncoding(db: Db, input: UpdateSmartEncodingInput & { organizationId: string; actor: string }) {
  return updateOrganizationColumns(db, input.organizationId, input.actor, { smartEncoding: input.smartEncoding });
}
