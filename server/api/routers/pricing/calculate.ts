import { apiKeyProcedure } from '@/server/api/trpc';
import { CALCULATE_REQUEST_VARIANTS, CalculateRequest, CalculateResult } from '@/shared/contracts/calculate';
import { calculate } from '@/server/domain/pricing/calculator';
import { effectivePriceRows } from '@/server/domain/pricing/effective-rows';

export const calculateProcedure = apiKeyProcedure
  .meta({
    bodyVariants: CALCULATE_REQUEST_VARIANTS,
    openapi: {
      method: 'POST',
      path: '/calculate',
      tags: ['Pricing'],
      summary: 'Convert between a wallet amount and an SMS count',
      description:
        'Uses the unweighted mean of the merchant pricing rows (the platform price list when the merchant has none), rounded half-up to 4 decimals. Errors answer `{detail}` with the texts of the contract.',
    },
    rateLimit: 'calculate',
    validation: 'detail',
    errors: ['INVALID_INPUT', 'NO_PRICING'],
  })
  .input(CalculateRequest)
  .output(CalculateResult)
  .mutation(async ({ ctx, input }) => {
    const { rows } = await effectivePriceRows(ctx.db, ctx.app.organizationId);
    const prices = rows.map((r) => r.price);
    return calculate(input, prices, ctx.app.org.currency);
  });
