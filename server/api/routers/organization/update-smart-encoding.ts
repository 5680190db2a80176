import { ownerProcedure } from '@/server/api/trpc';
import { OrganizationView, UpdateSmartEncodingInput } from '@/shared/contracts/organization';
import { updateSmartEncoding } from '@/server/domain/organizations/update-smart-encoding';
import { toOrganizationView } from './get-organization';

/** D21: the smart encoding of the organization's sends that do not name one. Owners only. */
export const updateSmartEncodingProcedure = ownerProcedure
  .input(UpdateSmartEncodingInput)
  .output(OrganizationView)
  .mutation(async ({ ctx, input }) => {
    const org = await updateSmartEncoding(ctx.db, { ...input, organizationId: ctx.member.organizationId, actor: ctx.actor });
    return toOrganizationView(org, ctx.env.SMS_ENV, ctx.member.role);
  });
