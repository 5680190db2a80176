import { operatorProcedure } from '@/server/api/trpc';
import { ListMerchantsInput, ListMerchantsResult } from '@/shared/contracts/operator';
import { listMerchants } from '@/server/domain/operator/list-merchants';

export const listMerchantsProcedure = operatorProcedure
  .input(ListMerchantsInput)
  .output(ListMerchantsResult)
  .query(async ({ ctx, input }) => listMerchants(ctx.db, input));
