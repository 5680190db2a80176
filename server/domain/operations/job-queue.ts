import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { messageDispatches, messages } from '@/db/schema';
import { of } from '@/server/lib/sql-names';

export type JobState = 'due' | 'scheduled' | 'running' | 'failed';
export type JobCount = { task: string; state: JobState; count: number };
export type JobQueue = {
  counts: JobCount[];
  /** Runnable now and not taken: the queue depth that says whether workers keep up. */
  due: number;
  /** Seconds since the oldest due, untaken job became due (0 when none). */
  oldestDueAgeSeconds: number;
};

/**
 * graphile-worker's queue, read only through its public view graphile_worker.jobs (one statement): jobs by task
 * and state, with the dispatches due now that wait in their own queue (immediate sends) counted as due
 * `dispatch_message` work since their send. `failed` is a job with no attempts left (graphile-worker keeps it with its last_error); `running` a
 * locked one; `due` runnable now; `scheduled` waiting for its run_at (retries with backoff included).
 */
export async function getJobQueue(db: DbOrTx, now: Date): Promise<JobQueue> {
  const rows = await db.execute<{ task: string; state: JobState; count: number; oldest: string | null }>(sql`
    with j as (
      select task_identifier as task, run_at,
             case when attempts >= max_attempts then 'failed'
                  when locked_at is not null then 'running'
                  when run_at <= ${now.toISOString()}::timestamptz then 'due'
                  else 'scheduled' end as state
        from graphile_worker.jobs
      union all
      -- the dispatches due now that are a queue, not jobs (immediate sends: runDueDispatches), as dispatch_message
      select 'dispatch_message', ${of('m', messages.createdAt)}, 'due'
        from ${messageDispatches} d join ${messages} m on ${of('m', messages.id)} = ${of('d', messageDispatches.messageId)}
       where ${of('d', messageDispatches.state)} = 'scheduled' and ${of('d', messageDispatches.dispatchAt)} is null)
    select task, state, count(*)::int as count, min(run_at)::text as oldest from j group by task, state order by task, state`);
  const due = rows.filter((r) => r.state === 'due');
  const oldest = due.reduce<number | null>((min, r) => {
    const t = r.oldest ? new Date(r.oldest).getTime() : null;
    return t === null ? min : min === null ? t : Math.min(min, t);
  }, null);
  return {
    counts: rows.map((r) => ({ task: r.task, state: r.state, count: r.count })),
    due: due.reduce((n, r) => n + r.count, 0),
    oldestDueAgeSeconds: oldest === null ? 0 : Math.max(0, Math.round((now.getTime() - oldest) / 1000)),
  };
}
