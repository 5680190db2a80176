import { router } from '@/server/api/trpc';
import { calculateProcedure } from './calculate';

export const pricingRouter = router({ calculate: calculateProcedure });
