import { hostname } from 'node:os';
import { Logger, run, type Runner } from 'graphile-worker';
import pg from 'pg';
import postgres from 'postgres';
import { logger } from '@/server/lib/logger';
import { randomBase62 } from '@/server/lib/ids';
import { db } from '@/db/client';
import { createPipeline, type Pipeline } from '@/server/domain/delivery/pipeline';
import { env } from '@/server/env';
import { createTaskList } from './task-list';

const HEARTBEAT_MS = 10_000;

export type RunningWorker = { id: string; stop: () => Promise<void> };

const workerLogger = new Logger((scope) => (level, message, meta) => {
  if (level === 'debug') return;
  logger[level === 'error' ? 'error' : level === 'warning' ? 'warn' : 'info'](message, { scope: scope.label, ...meta });
});

/**
 * Starts a graphile-worker runner on the shared Postgres plus a heartbeat row
 * that GET /health reads. Any number of workers may run against one database.
 */
export async function startWorker(opts: { connectionString: string; concurrency: number }): Promise<RunningWorker> {
  const id = `${hostname()}-${process.pid}-${randomBase62(6)}`;
  const sql = postgres(opts.connectionString, { max: 1, onnotice: () => {} });
  // (heartbeats use a separate connection so a busy job pool never delays them)
  const beat = () =>
    sql`insert into worker_heartbeats (worker_id, started_at, seen_at) values (${id}, now(), now())
        on conflict (worker_id) do update set seen_at = now()`.catch((e: unknown) => logger.warn('worker heartbeat failed', { error: e }));
  await beat();
  const timer = setInterval(beat, HEARTBEAT_MS);
  // Our own pool so that a dropped connection (Postgres restarting or shutting
  // down first) is logged instead of crashing the process with an unhandled 'error'.
  const pgPool = new pg.Pool({ connectionString: opts.connectionString, max: opts.concurrency + 2 });
  const onLost = (e: Error) => logger.warn('worker pool connection lost', { error: e });
  pgPool.on('error', onLost);
  pgPool.on('connect', (client) => client.on('error', onLost));
  let pipeline: Pipeline | undefined;
  const taskList = createTaskList(() => (pipeline ??= createPipeline(db(), env())));
  const runner: Runner = await run({
    pgPool,
    concurrency: opts.concurrency,
    taskList,
    noHandleSignals: true,
    pollInterval: 1000,
    parsedCronItems: [],
    logger: workerLogger,
  });
  logger.info('worker started', { worker_id: id, concurrency: opts.concurrency });
  return {
    id,
    stop: async () => {
      clearInterval(timer);
      await runner.stop().catch((e: unknown) => logger.warn('worker stop failed', { error: e }));
      await pgPool.end().catch(() => {});
      await sql`delete from worker_heartbeats where worker_id = ${id}`.catch(() => {});
      await sql.end({ timeout: 2 });
    },
  };
}
