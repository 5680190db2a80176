import { ownerProcedure } from '@/server/api/trpc';
import { OrganizationView, UpdateLowBalanceThresholdInput } from '@/shared/contracts/organization';
import { updateOrganizationColumns } from '@/server/domain/organizations/update-organization';
import { toDbAmount } from '@/server/lib/money';
import { toOrganizationView } from './get-organization';

/** Issue 44: the low-balance alert threshold (null: off), audited as organization.update. Owners only. */
export const updateLowBalanceThresholdProcedure = ownerProcedure
  .input(UpdateLowBalanceThresholdInput)
  .output(OrganizationView)
  .mutation(async ({ ctx, input }) => {
    const lowBalanceThreshold = input.threshold === null ? null : toDbAmount(input.threshold);
    const org = await updateOrganizationColumns(ctx.db, ctx.member.organizationId, ctx.actor, { lowBalanceThreshold });
    return toOrganizationView(org, ctx.env.SMS_ENV, ctx.member.role);
  });
