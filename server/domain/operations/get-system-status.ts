import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { JOB_STATE_VALUES, type SystemStatus } from '@/shared/contracts/operations';
import { getRetentionStatus } from '@/server/domain/retention/get-retention-status';
import { getJobQueue } from './job-queue';

/** Heartbeats older than this are a dead (or stuck) worker, as GET /health counts them. */
const WORKER_FRESH_S = 30;
export const WEBHOOK_BACKLOG_TOP = 10;
export const RECENT_ERRORS = 10;
/** A job's last_error can hold a whole stack trace: the console and CLI show its start. */
const ERROR_CHARS = 500;

/**
 * What an operator checks when something is slow or stuck, in five read-only statements: worker processes and
 * their heartbeats (one row per process, not per graphile-worker pool), graphile-worker's queue (through its
 * public view graphile_worker.jobs), the webhook backlog and the merchants it belongs to, and recent errors:
 * the latest jobs that recorded an error (still retrying or given up) and the latest webhook attempts that
 * failed (no answer or not 2xx); and D24's retention (the setting, the last partition maintenance, the partitions).
 * The console's System page and `npm run admin -- status --json` print this.
 */
export async function getSystemStatus(db: DbOrTx, now: Date, retentionDays: number): Promise<SystemStatus> {
  const [workers, queue, [backlog], merchants, jobs, attempts, retention] = await Promise.all([
    db.execute<{ worker_id: string; started_at: string; seen_at: string; ago: number }>(sql`
      select worker_id, started_at::text, seen_at::text,
             greatest(0, floor(extract(epoch from (${now.toISOString()}::timestamptz - seen_at))))::int as ago
        from worker_heartbeats where worker_id not like '%@%' order by seen_at desc, worker_id`),
    getJobQueue(db, now),
    db.execute<{ pending: number }>(sql`select count(*)::int as pending from webhook_deliveries where state = 'pending'`),
    db.execute<{ organization_id: string; name: string; pending: number; oldest: string }>(sql`
      select d.organization_id, o.name, count(*)::int as pending, min(d.created_at)::text as oldest
        from webhook_deliveries d join organizations o on o.id = d.organization_id
       where d.state = 'pending'
       group by d.organization_id, o.name order by count(*) desc, d.organization_id limit ${WEBHOOK_BACKLOG_TOP}`),
    db.execute<{ id: string; task: string; attempts: number; max_attempts: number; last_error: string; updated_at: string }>(sql`
      select id::text, task_identifier as task, attempts::int, max_attempts::int, left(last_error, ${ERROR_CHARS}) as last_error, updated_at::text
        from graphile_worker.jobs where last_error is not null order by updated_at desc, id desc limit ${RECENT_ERRORS}`),
    db.execute<{ delivery_id: string; organization_id: string; name: string; attempted_at: string; status_code: number | null; error: string | null }>(sql`
      select a.delivery_id, d.organization_id, o.name, a.attempted_at::text, a.status_code, left(a.error, ${ERROR_CHARS}) as error
        from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id join organizations o on o.id = d.organization_id
       where a.status_code is null or a.status_code not between 200 and 299
       order by a.attempted_at desc, a.id desc limit ${RECENT_ERRORS}`),
    getRetentionStatus(db),
  ]);
  const iso = (s: string) => new Date(s).toISOString();
  const byTask = [...new Set(queue.counts.map((c) => c.task))].map((task) => {
    const of = (state: (typeof JOB_STATE_VALUES)[number]) => queue.counts.find((c) => c.task === task && c.state === state)?.count ?? 0;
    return { task, due: of('due'), scheduled: of('scheduled'), running: of('running'), failed: of('failed') };
  });
  const total = (state: (typeof JOB_STATE_VALUES)[number]) => byTask.reduce((n, t) => n + t[state], 0);
  const workerViews = workers.map((w) => ({
    worker_id: w.worker_id,
    started_at: iso(w.started_at),
    seen_at: iso(w.seen_at),
    seen_seconds_ago: w.ago,
    alive: w.ago < WORKER_FRESH_S,
  }));
  return {
    time: now.toISOString(),
    workers_alive: workerViews.filter((w) => w.alive).length,
    workers: workerViews,
    job_queue: {
      due: total('due'),
      scheduled: total('scheduled'),
      running: total('running'),
      failed: total('failed'),
      oldest_due_age_seconds: queue.oldestDueAgeSeconds,
      by_task: byTask,
    },
    webhook_backlog: {
      pending: backlog.pending,
      by_merchant: merchants.map((m) => ({ organization_id: m.organization_id, name: m.name, pending: m.pending, oldest_pending_at: iso(m.oldest) })),
    },
    recent_errors: {
      jobs: jobs.map((j) => ({ id: j.id, task: j.task, attempts: j.attempts, max_attempts: j.max_attempts, gave_up: j.attempts >= j.max_attempts, last_error: j.last_error, updated_at: iso(j.updated_at) })),
      webhook_attempts: attempts.map((a) => ({ ...a, attempted_at: iso(a.attempted_at) })),
    },
    retention: { retention_days: retentionDays, ...retention },
  };
}
