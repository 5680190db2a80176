import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { organizations, webhookAttempts, webhookDeliveries, workerHeartbeats } from '@/db/schema';
import { of } from '@/server/lib/sql-names';
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
      select ${workerHeartbeats.workerId}, ${workerHeartbeats.startedAt}::text, ${workerHeartbeats.seenAt}::text,
             greatest(0, floor(extract(epoch from (${now.toISOString()}::timestamptz - ${workerHeartbeats.seenAt}))))::int as ago
        from ${workerHeartbeats} where ${workerHeartbeats.workerId} not like '%@%' order by ${workerHeartbeats.seenAt} desc, ${workerHeartbeats.workerId}`),
    getJobQueue(db, now),
    db.execute<{ pending: number }>(sql`select count(*)::int as pending from ${webhookDeliveries} where ${webhookDeliveries.state} = 'pending'`),
    db.execute<{ organization_id: string; name: string; pending: number; oldest: string }>(sql`
      select ${of('d', webhookDeliveries.organizationId)}, ${of('o', organizations.name)}, count(*)::int as pending, min(${of('d', webhookDeliveries.createdAt)})::text as oldest
        from ${webhookDeliveries} d join ${organizations} o on ${of('o', organizations.id)} = ${of('d', webhookDeliveries.organizationId)}
       where ${of('d', webhookDeliveries.state)} = 'pending'
       group by ${of('d', webhookDeliveries.organizationId)}, ${of('o', organizations.name)}
       order by count(*) desc, ${of('d', webhookDeliveries.organizationId)} limit ${WEBHOOK_BACKLOG_TOP}`),
    db.execute<{ id: string; task: string; attempts: number; max_attempts: number; last_error: string; updated_at: string }>(sql`
      select id::text, task_identifier as task, attempts::int, max_attempts::int, left(last_error, ${ERROR_CHARS}) as last_error, updated_at::text
        from graphile_worker.jobs where last_error is not null order by updated_at desc, id desc limit ${RECENT_ERRORS}`),
    db.execute<{ delivery_id: string; organization_id: string; name: string; attempted_at: string; status_code: number | null; error: string | null }>(sql`
      select ${of('a', webhookAttempts.deliveryId)}, ${of('d', webhookDeliveries.organizationId)}, ${of('o', organizations.name)},
             ${of('a', webhookAttempts.attemptedAt)}::text, ${of('a', webhookAttempts.statusCode)}, left(${of('a', webhookAttempts.error)}, ${ERROR_CHARS}) as error
        from ${webhookAttempts} a join ${webhookDeliveries} d on ${of('d', webhookDeliveries.id)} = ${of('a', webhookAttempts.deliveryId)}
        join ${organizations} o on ${of('o', organizations.id)} = ${of('d', webhookDeliveries.organizationId)}
       where ${of('a', webhookAttempts.statusCode)} is null or ${of('a', webhookAttempts.statusCode)} not between 200 and 299
       order by ${of('a', webhookAttempts.attemptedAt)} desc, ${of('a', webhookAttempts.id)} desc limit ${RECENT_ERRORS}`),
    getRetentionStatus(db),
  ]);
  const iso = (s: string) => new Date(s).toISOString();
  const byTask = [...new Set(queue.counts.map((c) => c.task))].map((task) => {
    const inState = (state: (typeof JOB_STATE_VALUES)[number]) => queue.counts.find((c) => c.task === task && c.state === state)?.count ?? 0;
    return { task, due: inState('due'), scheduled: inState('scheduled'), running: inState('running'), failed: inState('failed') };
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
