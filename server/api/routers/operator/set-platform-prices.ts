import { operatorProcedure } from '@/server/api/trpc';
import { PlatformPrices, SetPlatformPricesInput } from '@/shared/contracts/operator';
import { getPlatformPrices, replacePlatformPrices } from '@/server/domain/pricing/platform-prices';

/** Replaces the platform price list (D13). */
export const setPlatformPricesProcedure = operatorProcedure
  .input(SetPlatformPricesInput)
  .output(PlatformPrices)
  .mutation(async ({ ctx, input }) => {
    await replacePlatformPrices(ctx.db, input.rows, ctx.actor);
    return getPlatformPrices(ctx.db);
  });
