import { operatorProcedure } from '@/server/api/trpc';
import { SystemStatus } from '@/shared/contracts/operations';
import { getSystemStatus } from '@/server/domain/operations/get-system-status';

/** The console's System page: workers, job queue, webhook backlog, recent errors (operators only). */
export const getSystemStatusProcedure = operatorProcedure.output(SystemStatus).query(({ ctx }) => getSystemStatus(ctx.db, ctx.now(), ctx.env.RETENTION_DAYS));
