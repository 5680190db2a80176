import { getSystemStatus } from '@/server/domain/operations/get-system-status';
import { defineCommand } from '../command';

/** The console's System page on the command line (read only: workers, job queue, webhook backlog, recent errors). */
export const statusCommand = defineCommand({
  name: 'status',
  summary: 'Workers, job queue, webhook backlog per merchant and recent errors, retention and partitions (read only)',
  usage: '',
  options: {},
  async run(_v, { db, env }) {
    return { data: await getSystemStatus(db, new Date(), env.RETENTION_DAYS) };
  },
});
