import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { connectorLeases, connectors, inboundMessages, webhookDeliveries, workerHeartbeats } from '@/db/schema';
import { of } from '@/server/lib/sql-names';
import { getJobQueue } from '@/server/domain/operations/job-queue';
import { unmatchedReceipts } from '@/server/domain/carrier/smpp/unmatched-receipts';
import { getRetentionStatus } from '@/server/domain/retention/get-retention-status';
import {
  carrierReceiptsUnmatched,
  connectorBoundSessions,
  inboundUnrouted,
  jobOldestDueAge,
  jobQueueDepth,
  retentionLastRun,
  retentionOldestKept,
  retentionPartitionsDropped,
  webhookBacklog,
  workersAlive,
} from './registry';

const STATES = ['due', 'scheduled', 'running', 'failed'] as const;

/**
 * The gauges that are facts of the shared database rather than of one process, read at scrape time (four
 * read-only statements): the job queue, the webhook backlog, bound sessions and unmatched receipts per
 * connector (every kind: the simulator reports one session when a worker runs it), live workers, unrouted MO.
 * Served by the web process only (docs/operations.md, Metrics), so that one scrape target reports them once.
 */
export async function collectDbGauges(db: DbOrTx, now: Date): Promise<void> {
  const [queue, [backlog], sessions, unmatched, retention] = await Promise.all([
    getJobQueue(db, now),
    db.execute<{ pending: number; workers: number; unrouted: number }>(sql`
      select (select count(*)::int from ${webhookDeliveries} where ${webhookDeliveries.state} = 'pending') as pending,
             (select count(*)::int from ${workerHeartbeats}
               where ${workerHeartbeats.workerId} not like '%@%' and ${workerHeartbeats.seenAt} > now() - interval '30 seconds') as workers,
             (select count(*)::int from ${inboundMessages}
               where ${inboundMessages.organizationId} is null and ${inboundMessages.receivedAt} > now() - interval '24 hours') as unrouted`),
    db.execute<{ name: string; bound: number }>(sql`
      select ${of('c', connectors.name)}, coalesce(${of('l', connectorLeases.boundSessions)}, 0)::int as bound
        from ${connectors} c left join ${connectorLeases} l on ${of('l', connectorLeases.connectorId)} = ${of('c', connectors.id)} and ${of('l', connectorLeases.expiresAt)} > now()
       where ${of('c', connectors.enabled)} order by ${of('c', connectors.name)}`),
    unmatchedReceipts(db),
    getRetentionStatus(db),
  ]);
  jobQueueDepth.reset();
  const tasks = new Set(queue.counts.map((c) => c.task));
  // Every state of every task present, zeros included, so a drained queue shows 0 rather than vanishing.
  for (const task of tasks) for (const state of STATES) jobQueueDepth.set({ task, state }, 0);
  for (const c of queue.counts) jobQueueDepth.set({ task: c.task, state: c.state }, c.count);
  jobOldestDueAge.set(queue.oldestDueAgeSeconds);
  webhookBacklog.set(backlog.pending);
  workersAlive.set(backlog.workers);
  inboundUnrouted.set(backlog.unrouted);
  connectorBoundSessions.reset();
  for (const s of sessions) connectorBoundSessions.set({ connector: s.name }, s.bound);
  carrierReceiptsUnmatched.reset();
  // (every enabled connector, 0 when none, and any other that has some)
  for (const s of sessions) carrierReceiptsUnmatched.set({ connector: s.name }, 0);
  for (const u of unmatched) carrierReceiptsUnmatched.set({ connector: u.name }, u.n);
  retentionLastRun.set(retention.last_run_at ? Date.parse(retention.last_run_at) / 1000 : 0);
  retentionPartitionsDropped.set(retention.dropped_total);
  retentionOldestKept.reset();
  for (const t of retention.tables) retentionOldestKept.set({ table: t.table }, t.oldest_from ? Date.parse(t.oldest_from) / 1000 : 0);
}
