import { Logger } from 'graphile-worker';
import { logger } from '@/server/lib/logger';

/**
 * graphile-worker's messages in our log. What concerns one job (it carries the job) is per-job detail: at info it
 * goes to debug, and any level names the job by id and task instead of printing its whole record (payloads hold
 * message ids and numbers an operator does not need at info). Starts, stops, warnings and errors stay.
 */
export const workerLogger = new Logger((scope) => (level, message, meta) => {
  const { job, ...rest } = (meta ?? {}) as { job?: { id?: unknown; task_identifier?: unknown; attempts?: unknown } } & Record<string, unknown>;
  const fields = { scope: scope.label, ...rest, ...(job ? { job_id: job.id, task: job.task_identifier, attempts: job.attempts } : {}) };
  if (level === 'debug' || (level === 'info' && job)) return logger.debug(message, fields);
  logger[level === 'error' ? 'error' : level === 'warning' ? 'warn' : 'info'](message, fields);
});
