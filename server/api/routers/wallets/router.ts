import { router } from '@/server/api/trpc';
import { getBalanceProcedure } from './get-balance';

export const walletsRouter = router({ getBalance: getBalanceProcedure });
