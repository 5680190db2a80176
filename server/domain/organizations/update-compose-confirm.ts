import type { Db } from '@/db/client';
import type { UpdateComposeConfirmInput } from '@/shared/contracts/organization';
import { toDbAmount } from '@/server/lib/money';
import { updateOrganizationColumns } from './update-organization';

/** The total above which Compose asks to confirm a send, audited with before/after as organization.update. */
export function updateComposeConfirm(db: Db, input: UpdateComposeConfirmInput & { organizationId: string; actor: string }) {
  return updateOrganizationColumns(db, input.organizationId, input.actor, { composeConfirmAmount: toDbAmount(input.amount) });
}
