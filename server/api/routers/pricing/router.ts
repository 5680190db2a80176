import { router } from '@/server/api/trpc';
import { calculateProcedure } from './calculate';
import { estimateProcedure } from './estimate';
import { getPricingProcedure } from './get-pricing';

export const pricingRouter = router({
  calculate: calculateProcedure,
  // dashboard (no OpenAPI meta)
  getPricing: getPricingProcedure,
  estimate: estimateProcedure,
});
