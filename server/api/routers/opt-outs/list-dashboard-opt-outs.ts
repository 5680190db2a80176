import { merchantProcedure } from '@/server/api/trpc';
import { ListOptOutsInput, OptOutsPage } from '@/shared/contracts/opt-outs';
import { getOrganization } from '@/server/domain/organizations/get-organization';
import { listOptOuts } from '@/server/domain/opt-outs/list-opt-outs';
import { ApiError } from '@/shared/errors/api-error';

/** The Opt-outs page's list (any member): the contract and pages of GET /opt-outs. */
export const listDashboardOptOutsProcedure = merchantProcedure
  .input(ListOptOutsInput)
  .output(OptOutsPage)
  .query(async ({ ctx, input }) => {
    const org = await getOrganization(ctx.db, ctx.member.organizationId);
    if (!org) throw new ApiError('NOT_FOUND');
    return listOptOuts(ctx.db, org.id, org.defaultCountry, input);
  });
