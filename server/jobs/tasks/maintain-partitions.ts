import { parseCronItems, type Task } from 'graphile-worker';
import type { Pipeline } from '@/server/domain/delivery/pipeline';
import { maintainPartitions } from '@/server/domain/retention/maintain-partitions';
import { parseJobPayload } from '@/server/queue/job-payloads';

/** D24: the partition maintenance every hour (graphile-worker's crontab runs it once per tick across all workers). */
export const MAINTENANCE_CRON = parseCronItems([{ task: 'maintain_partitions', match: '7 * * * *', identifier: 'maintain_partitions' }]);

/** Thin task: parse the payload, run the idempotent maintenance with the pipeline's clock and RETENTION_DAYS. */
export function maintenanceTask(pipeline: () => Pipeline): Task {
  return async (payload, helpers) => {
    parseJobPayload('maintain_partitions', payload);
    const p = pipeline();
    // (on a connection of graphile-worker's pool: the maintenance holds one for its session lock and detaches)
    await helpers.withPgClient((client) => maintainPartitions(p.db, client, { now: p.now(), retentionDays: p.env.RETENTION_DAYS }));
  };
}
