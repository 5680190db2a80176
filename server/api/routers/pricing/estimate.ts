import { merchantProcedure } from '@/server/api/trpc';
import { CalculateRequest, CalculateResult } from '@/server/contracts/calculate';
import { getOrganization } from '@/server/domain/organizations/get-organization';
import { calculate } from '@/server/domain/pricing/calculator';
import { listPrices } from '@/server/domain/pricing/list-prices';
import { ApiError } from '@/server/errors/api-error';

/** The dashboard calculator: POST /calculate's own computation (same contract, same domain code) for the signed-in organization. */
export const estimateProcedure = merchantProcedure
  .input(CalculateRequest)
  .output(CalculateResult)
  .query(async ({ ctx, input }) => {
    const org = await getOrganization(ctx.db, ctx.member.organizationId);
    if (!org) throw new ApiError('NOT_FOUND');
    return calculate(input, await listPrices(ctx.db, org.id), org.currency);
  });
