import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';

/**
 * Makes a pending graphile-worker job look as a worker left it: locked in `worker`'s name since `at`. The one place
 * in the repository that writes graphile-worker's private tables, for a state its public API cannot make: only a
 * running worker locks a job, under its own id and at the current time, while reap-dead-workers.int.test.ts needs
 * locks of chosen ages held by ids that never ran (dead, stale, orphaned, our own leftovers). Everything else,
 * that test included, reads locks through the public view graphile_worker.jobs and gives them back with
 * graphile_worker.force_unlock_workers. Returns the job's id.
 */
export async function lockJobAs(db: DbOrTx, key: string, worker: string, at: Date): Promise<string> {
  const [row] = await db.execute<{ id: string }>(sql`
    update graphile_worker._private_jobs set locked_by = ${worker}, locked_at = ${at.toISOString()}::timestamptz
     where key = ${key} returning id::text`);
  if (!row) throw new Error(`no graphile-worker job has the key ${key}`);
  return row.id;
}
