import { ownerProcedure } from '@/server/api/trpc';
import { OrganizationView, UpdateComposeConfirmInput } from '@/shared/contracts/organization';
import { updateComposeConfirm } from '@/server/domain/organizations/update-compose-confirm';
import { toOrganizationView } from './get-organization';

/** The total above which Compose asks to confirm a send (it also asks above half the balance). Owners only. */
export const updateComposeConfirmProcedure = ownerProcedure
  .input(UpdateComposeConfirmInput)
  .output(OrganizationView)
  .mutation(async ({ ctx, input }) => {
    const org = await updateComposeConfirm(ctx.db, { ...input, organizationId: ctx.member.organizationId, actor: ctx.actor });
    return toOrganizationView(org, ctx.env.SMS_ENV, ctx.member.role);
  });
