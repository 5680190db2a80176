import { router } from '@/server/api/trpc';
import { getHealthProcedure } from './get-health';

export const healthRouter = router({ get: getHealthProcedure });
