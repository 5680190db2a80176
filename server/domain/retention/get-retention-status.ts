import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { retentionState } from '@/db/schema';
import type { RetentionView } from '@/shared/contracts/operations';
import { PARTITIONED_TABLES, listPartitions } from './partitions';

/**
 * D24, for `npm run admin -- status`, the console and /metrics: what the last maintenance did, and each partitioned
 * table's partitions from the catalog (the oldest kept month: `oldest_from`, null while the first partition, the rows
 * from before partitioning, is still there). The caller adds the setting (`retention_days`).
 */
export async function getRetentionStatus(db: DbOrTx): Promise<Omit<RetentionView, 'retention_days'>> {
  const [[state], partitions] = await Promise.all([
    db.execute<{ last_run_at: string; last_cutoff: string; last_created: string[]; last_dropped: string[]; dropped_total: number }>(sql`
      select ${retentionState.lastRunAt}::text, ${retentionState.lastCutoff}::text, ${retentionState.lastCreated}, ${retentionState.lastDropped},
             ${retentionState.droppedTotal} from ${retentionState}`),
    listPartitions(db),
  ]);
  const iso = (s: string) => new Date(s).toISOString();
  return {
    last_run_at: state ? iso(state.last_run_at) : null,
    last_cutoff: state ? iso(state.last_cutoff) : null,
    last_created: state?.last_created ?? [],
    last_dropped: state?.last_dropped ?? [],
    dropped_total: state?.dropped_total ?? 0,
    tables: PARTITIONED_TABLES.map(({ table }) => {
      const own = partitions.filter((p) => p.table === table && !p.detachPending);
      return {
        table,
        partitions: own.length,
        oldest_from: own.length && own[0].from ? own[0].from.toISOString() : null,
        newest_to: own.length ? own[own.length - 1].to.toISOString() : null,
      };
    }),
  };
}
