/**
 * The worker process the launcher (scripts/run.ts) starts and restarts for
 * `npm run dev`, `npm start` and `npm run worker`: one graphile-worker runner
 * (server/jobs/worker.ts) on DATABASE_URL. Not meant to be run by hand: the
 * launcher resolves DATABASE_URL and migrates first (`npm run bench --profile`
 * runs it directly after `npm run db:migrate`).
 */
import { parseEnv } from '../server/env';
import { startWorker } from '../server/jobs/worker';
import { surviveDatabaseOutages } from '../server/lib/db-errors';
import { logger } from '../server/lib/logger';
import { startMetricsServer } from '../server/metrics/handler';

surviveDatabaseOutages((m, f) => logger.warn(m, f));

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is not set (the launcher resolves it before it starts the worker)');
const settings = parseEnv();
// Signals are taken from the start: a SIGTERM that arrives while the worker is still starting (its heartbeat
// rows already written) waits for the start to finish and then stops it cleanly, instead of killing the process
// with its heartbeat rows left behind (the launcher's crash-loop restarts make that window a real one).
let stopRequested = false;
let stop = async (): Promise<void> => {
  stopRequested = true;
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
// The launcher is gone (killed): stop rather than run on unsupervised.
process.on('disconnect', () => void stop());

const worker = await startWorker({ connectionString: url, concurrency: settings.WORKER_CONCURRENCY });
// This process's counters (deliveries, dispatch lag, webhooks, carrier); the database gauges are the web's (docs/operations.md, Metrics).
const metrics = settings.WORKER_METRICS_PORT === 'off' ? null : await startMetricsServer(settings.WORKER_METRICS_PORT, settings.METRICS_TOKEN, 'worker', { host: settings.HOST });

let closing = false;
stop = async () => {
  if (closing) return;
  closing = true;
  metrics?.close();
  metrics?.closeAllConnections();
  await worker.stop().catch((error: unknown) => logger.warn('worker stop failed', { error }));
  process.exit(0);
};
if (stopRequested) void stop();
