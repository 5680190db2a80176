import { developerProcedure } from '@/server/api/trpc';
import { OptOut, PhoneParam } from '@/shared/contracts/opt-outs';
import { getOrganization } from '@/server/domain/organizations/get-organization';
import { deleteOptOut } from '@/server/domain/opt-outs/delete-opt-out';
import { ApiError } from '@/shared/errors/api-error';

/** The Opt-outs page's "Remove" (developer or owner): DELETE /opt-outs/{phone}'s rules (a keyword entry stays, 1131). */
export const deleteDashboardOptOutProcedure = developerProcedure
  .input(PhoneParam)
  .output(OptOut)
  .mutation(async ({ ctx, input }) => {
    const org = await getOrganization(ctx.db, ctx.member.organizationId);
    if (!org) throw new ApiError('NOT_FOUND');
    return deleteOptOut(ctx.db, {
      organizationId: org.id,
      defaultCountry: org.defaultCountry,
      phone: input.phone,
      actor: ctx.actor,
      source: 'dashboard',
      audience: 'every-app',
    });
  });
