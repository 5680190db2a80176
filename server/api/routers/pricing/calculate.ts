import { apiKeyProcedure } from '@/server/api/trpc';
import { CALCULATE_REQUEST_VARIANTS, CalculateRequest, CalculateResponse } from '@/server/contracts/calculate';
import { calculate } from '@/server/domain/pricing/calculator';
import { listPrices } from '@/server/domain/pricing/list-prices';

export const calculateProcedure = apiKeyProcedure
  .meta({
    bodyVariants: CALCULATE_REQUEST_VARIANTS,
    openapi: {
      method: 'POST',
      path: '/calculate',
      tags: ['Pricing'],
      summary: 'Convert between a wallet amount and an SMS count',
      description:
        'Uses the unweighted mean of the merchant pricing rows, rounded half-up to 4 decimals. Errors answer `{detail}` with the texts of the contract.',
    },
    rateLimit: 'calculate',
    validation: 'detail',
    errors: ['INVALID_INPUT', 'NO_PRICING'],
  })
  .input(CalculateRequest)
  .output(CalculateResponse)
  .mutation(async ({ ctx, input }) => {
    const prices = await listPrices(ctx.db, ctx.app.organizationId);
    return { status_code: 200 as const, data: calculate(input, prices, ctx.app.org.currency) };
  });
