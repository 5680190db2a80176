import { EventEmitter } from 'node:events';
import { hostname } from 'node:os';
import { run, type Runner, type WorkerEvents } from 'graphile-worker';
import pg from 'pg';
import postgres from 'postgres';
import { logger } from '@/server/lib/logger';
import { randomBase62 } from '@/server/lib/ids';
import { closeDb, createDb, db, PG_SESSION_OPTIONS, SESSION_SETTINGS } from '@/db/client';
import { keepListening, resilient } from '@/server/lib/postgres-js';
import { createPipeline, type Pipeline } from '@/server/domain/delivery/pipeline';
import { env } from '@/server/env';
import { ConnectorManager, managerOptions } from '@/server/domain/carrier/manager';
import { createTaskList } from './task-list';
import { WebhookLoop } from './tasks/deliver-webhooks';
import { DispatchLoop } from './tasks/pipeline-tasks';
import { DELIVERIES_CHANNEL } from '@/server/domain/webhooks/deliveries';
import { workerLogger } from './worker-logger';
import { reapDeadWorkers } from './reap-dead-workers';
import { MAINTENANCE_CRON } from './tasks/maintain-partitions';
import { maintainPartitions } from '@/server/domain/retention/maintain-partitions';

const HEARTBEAT_MS = 10_000;
/** The dispatch loop's look without a notification (migration 0033 names the channel). */
const DISPATCH_LOOK_MS = 1_000;
const DISPATCHES_CHANNEL = 'message_dispatches';

export type RunningWorker = { id: string; stop: () => Promise<void> };


/**
 * Starts a graphile-worker runner on the shared Postgres plus heartbeat rows
 * that GET /health reads: one for the process (`<host>-<pid>-<rand>`) and one
 * per graphile-worker pool and worker (`<graphile id>@<process id>`), so that
 * the jobs a dead process had locked can be given back (reap-dead-workers.ts)
 * instead of staying locked for graphile-worker's 4 hours. Any number of
 * workers may run against one database.
 */
export async function startWorker(opts: { connectionString: string; concurrency: number }): Promise<RunningWorker> {
  const id = `${hostname()}-${process.pid}-${randomBase62(6)}`;
  const sql = postgres(opts.connectionString, { max: 1, onnotice: () => {}, connection: SESSION_SETTINGS });
  const graphileIds = new Set<string>();
  const running = new Set<string>();
  // (heartbeats use a separate connection so a busy job pool never delays them)
  const beat = async () => {
    const ids = [id, ...[...graphileIds].map((w) => `${w}@${id}`)];
    await sql`insert into worker_heartbeats (worker_id, started_at, seen_at) select unnest(${ids}::text[]), now(), now()
              on conflict (worker_id) do update set seen_at = now()`.catch((e: unknown) => logger.warn('worker heartbeat failed', { error: e }));
  };
  const reap = () =>
    reapDeadWorkers(sql, { self: id, selfIds: [...graphileIds], running: [...running] }).catch((e: unknown) => logger.warn('reaping dead workers failed', { error: e }));
  await beat();
  await reap(); // a worker restarted after a crash frees its predecessor's jobs at once
  const timer = setInterval(() => void beat().then(reap), HEARTBEAT_MS);

  const events: WorkerEvents = new EventEmitter();
  // graphile-worker 0.17 locks jobs in the name of the pool (and, in other modes, of the worker).
  events.on('pool:create', ({ workerPool }) => {
    graphileIds.add(workerPool.id);
    void beat();
  });
  events.on('worker:create', ({ worker }) => {
    graphileIds.add(worker.workerId);
    void beat();
  });
  events.on('worker:stop', ({ worker }) => {
    graphileIds.delete(worker.workerId);
  });
  // What this process is running, so that a job it locked but could not finish
  // recording (the database went away at that moment) can be given back.
  events.on('job:start', ({ job }) => running.add(String(job.id)));
  events.on('job:complete', ({ job }) => running.delete(String(job.id)));

  // Our own pool so that a dropped connection (Postgres restarting or shutting
  // down first) is logged instead of crashing the process with an unhandled 'error'.
  const pgPool = new pg.Pool({ connectionString: opts.connectionString, max: opts.concurrency + 2, options: PG_SESSION_OPTIONS });
  const onLost = (e: Error) => logger.warn('worker pool connection lost', { error: e });
  pgPool.on('error', onLost);
  pgPool.on('connect', (client) => client.on('error', onLost));
  let pipeline: Pipeline | undefined;
  const getPipeline = () => (pipeline ??= createPipeline(db(), env()));
  const webhooks = new WebhookLoop(getPipeline);
  const taskList = createTaskList(getPipeline, webhooks);
  // D24: this month's partitions and the next ones exist before this process writes any row into them (the crontab
  // only runs at its minute of the hour, and the workers may have been stopped for months).
  await pgPool
    .connect()
    .then((client) => maintainPartitions(db(), client, { now: new Date(), retentionDays: env().RETENTION_DAYS }).finally(() => client.release()))
    .catch((e: unknown) => logger.warn('partition maintenance failed', { error: e }));
  const runner: Runner = await run({
    pgPool,
    concurrency: opts.concurrency,
    taskList,
    noHandleSignals: true,
    pollInterval: 1000,
    parsedCronItems: MAINTENANCE_CRON,
    logger: workerLogger,
    events,
  });
  // D14: this process runs the driver of each connector whose lease it gets (SMPP sessions, the simulator), and sweeps the outbox.
  // Its own small pool: busy jobs must never delay a lease renewal (a lapsed lease drops the sessions). Custom plans:
  // the carrier tables it writes fill and empty faster than any cached plan or statistics follow (createDb). Replaced
  // whole when a postgres.js connection of it breaks (resilient): otherwise its later queries could wait forever, and
  // the recorder with them, holding every window slot after a database failover.
  const connectorDb = resilient(() => createDb(opts.connectionString, { max: 4, customPlans: true }));
  const connectors = new ConnectorManager(connectorDb, env().APP_SECRET, id, managerOptions(env()));
  connectors.start();
  // New webhook deliveries notify at commit (kickDeliveries): a run starts at once, no job per kick. Each (re)listen
  // runs once too, for deliveries whose notification came while nobody listened (the pool replaced, the database
  // away); until the first listen succeeds, the retry job (scheduleWake) and a slow timer stand in.
  let webhookTimer: NodeJS.Timeout | null = null;
  const webhookListen = keepListening(connectorDb, DELIVERIES_CHANNEL, () => webhooks.wake(), () => webhooks.wake());
  void webhookListen.listening.then((ok) => {
    if (!ok) webhookTimer = setInterval(() => webhooks.wake(), 5_000);
  });
  // Dispatches due now (immediate sends) are a queue, not jobs: a send's commit notifies (migration 0033), each
  // (re)listen runs once for what came while nobody listened, and a look every second stands in for notifications
  // lost while no connection listened.
  const dispatches = new DispatchLoop(getPipeline);
  const dispatchListen = keepListening(connectorDb, DISPATCHES_CHANNEL, () => dispatches.wake(), () => dispatches.wake());
  const dispatchTimer = setInterval(() => dispatches.wake(), DISPATCH_LOOK_MS);
  logger.info('worker started', { worker_id: id, concurrency: opts.concurrency });
  return {
    id,
    stop: async () => {
      clearInterval(timer);
      if (webhookTimer) clearInterval(webhookTimer);
      clearInterval(dispatchTimer);
      await dispatchListen.unlisten();
      await dispatches.stop();
      await webhookListen.unlisten();
      await webhooks.stop();
      await connectors.stop().catch((e: unknown) => logger.warn('stopping connectors failed', { error: e }));
      await closeDb(connectorDb, { timeout: 2 }).catch(() => {});
      await runner.stop().catch((e: unknown) => logger.warn('worker stop failed', { error: e }));
      await pgPool.end().catch(() => {});
      await sql`delete from worker_heartbeats where worker_id = ${id} or worker_id like ${`%@${id}`}`.catch(() => {});
      await sql.end({ timeout: 2 });
    },
  };
}
