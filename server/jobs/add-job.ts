import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';

export type JobName = 'dispatch_message';

/**
 * Enqueues a graphile-worker job with SQL inside the caller's transaction, so
 * the job exists exactly when the data it acts on commits. `jobKey` makes a
 * repeated enqueue replace the pending job instead of adding a second one.
 */
export async function addJob(
  tx: DbOrTx,
  task: JobName,
  payload: Record<string, unknown>,
  opts: { runAt?: Date; jobKey?: string; maxAttempts?: number } = {},
): Promise<void> {
  await tx.execute(sql`select graphile_worker.add_job(
    ${task}::text,
    ${JSON.stringify(payload)}::json,
    run_at => ${(opts.runAt ?? new Date()).toISOString()}::timestamptz,
    job_key => ${opts.jobKey ?? null}::text,
    max_attempts => ${opts.maxAttempts ?? 25}::int)`);
}
