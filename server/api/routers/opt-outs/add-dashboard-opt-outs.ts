import { developerProcedure } from '@/server/api/trpc';
import { AddOptOutsRequest, AddOptOutsResult } from '@/shared/contracts/opt-outs';
import { getOrganization } from '@/server/domain/organizations/get-organization';
import { addOptOuts } from '@/server/domain/opt-outs/add-opt-outs';
import { normalizeAll } from '@/server/domain/opt-outs/phones';
import { ApiError } from '@/shared/errors/api-error';

/** The Opt-outs page's "Add" (developer or owner): POST /opt-outs's contract, source `dashboard`. */
export const addDashboardOptOutsProcedure = developerProcedure
  .input(AddOptOutsRequest)
  .output(AddOptOutsResult)
  .mutation(async ({ ctx, input }) => {
    const org = await getOrganization(ctx.db, ctx.member.organizationId);
    if (!org) throw new ApiError('NOT_FOUND');
    const phones = normalizeAll(input.phones, org.defaultCountry, 'phones');
    return addOptOuts(ctx.db, { organizationId: org.id, phones, source: 'dashboard', reason: input.reason || null, actor: ctx.actor, audience: 'every-app' });
  });
