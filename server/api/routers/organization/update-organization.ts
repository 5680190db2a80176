import { ownerProcedure } from '@/server/api/trpc';
import { OrganizationView, UpdateOrganizationInput } from '@/shared/contracts/organization';
import { updateOrganization } from '@/server/domain/organizations/update-organization';
import { toOrganizationView } from './get-organization';

/** Name, time zone and default country. Owners only. */
export const updateOrganizationProcedure = ownerProcedure
  .input(UpdateOrganizationInput)
  .output(OrganizationView)
  .mutation(async ({ ctx, input }) => {
    const org = await updateOrganization(ctx.db, { ...input, organizationId: ctx.member.organizationId, actor: ctx.actor });
    return toOrganizationView(org, ctx.env.SMS_ENV, ctx.member.role);
  });
