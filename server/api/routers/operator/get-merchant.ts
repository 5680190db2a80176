import { operatorProcedure } from '@/server/api/trpc';
import { MerchantDetail, MerchantRef } from '@/shared/contracts/operator';
import { getMerchant } from '@/server/domain/operator/get-merchant';

export const getMerchantProcedure = operatorProcedure
  .input(MerchantRef)
  .output(MerchantDetail)
  .query(({ ctx, input }) => getMerchant(ctx.db, input.organizationId));
