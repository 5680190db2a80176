import type { DbOrTx } from '@/db/client';
import { executeFixed, fixedSql } from '@/server/lib/fixed-sql';
import type { JobName, JobPayload } from './job-payloads';

export type { JobName } from './job-payloads';

export type JobKeyMode = 'replace' | 'preserve_run_at';

/**
 * Below the domain (it imports no domain module and no task): the domain enqueues with it, the tasks in
 * server/jobs parse what it enqueued with the same schemas (job-payloads.ts).
 *
 * Enqueues a graphile-worker job with SQL inside the caller's transaction, so
 * the job exists exactly when the data it acts on commits. `jobKey` makes a
 * repeated enqueue replace the pending job instead of adding a second one;
 * `jobKeyMode: 'preserve_run_at'` keeps the pending job's run_at (graphile-worker 0.17).
 * The payload is typed by the task's schema (job-payloads.ts).
 */
export async function addJob<N extends JobName>(
  tx: DbOrTx,
  task: N,
  payload: JobPayload<N>,
  opts: { runAt?: Date; jobKey?: string; jobKeyMode?: JobKeyMode; maxAttempts?: number } = {},
): Promise<void> {
  await executeFixed(tx, fixedSql`select graphile_worker.add_job(
    ${task}::text,
    ${JSON.stringify(payload)}::json,
    run_at => ${(opts.runAt ?? new Date()).toISOString()}::timestamptz,
    job_key => ${opts.jobKey ?? null}::text,
    max_attempts => ${opts.maxAttempts ?? 25}::int,
    job_key_mode => ${opts.jobKeyMode ?? 'replace'}::text)`);
}
