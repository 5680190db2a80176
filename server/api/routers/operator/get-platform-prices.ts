import { operatorProcedure } from '@/server/api/trpc';
import { PlatformPrices } from '@/shared/contracts/operator';
import { getPlatformPrices } from '@/server/domain/pricing/platform-prices';

export const getPlatformPricesProcedure = operatorProcedure.output(PlatformPrices).query(({ ctx }) => getPlatformPrices(ctx.db));
