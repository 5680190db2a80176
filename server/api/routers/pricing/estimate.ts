import { merchantProcedure } from '@/server/api/trpc';
import { CalculateRequest, CalculateResult } from '@/shared/contracts/calculate';
import { getOrganization } from '@/server/domain/organizations/get-organization';
import { calculate } from '@/server/domain/pricing/calculator';
import { effectivePriceRows } from '@/server/domain/pricing/effective-rows';
import { ApiError } from '@/shared/errors/api-error';

/** The dashboard calculator: POST /calculate's own computation (same contract, same domain code) for the signed-in organization. */
export const estimateProcedure = merchantProcedure
  .input(CalculateRequest)
  .output(CalculateResult)
  .query(async ({ ctx, input }) => {
    const org = await getOrganization(ctx.db, ctx.member.organizationId);
    if (!org) throw new ApiError('NOT_FOUND');
    const { rows } = await effectivePriceRows(ctx.db, org.id);
    return calculate(
      input,
      rows.map((r) => r.price),
      org.currency,
    );
  });
