import { z } from 'zod';

/** Operator "System" facts (console page and `npm run admin -- status --json`): one shape for both. */
export const WorkerView = z.object({
  worker_id: z.string(),
  started_at: z.string(),
  seen_at: z.string(),
  /** Seconds since its last heartbeat; alive while under 30 (GET /health's rule). */
  seen_seconds_ago: z.number().int(),
  alive: z.boolean(),
});

export const JOB_STATE_VALUES = ['due', 'scheduled', 'running', 'failed'] as const;
export const TaskQueueView = z.object({ task: z.string(), due: z.number().int(), scheduled: z.number().int(), running: z.number().int(), failed: z.number().int() });

export const JobQueueView = z.object({
  due: z.number().int(),
  scheduled: z.number().int(),
  running: z.number().int(),
  failed: z.number().int(),
  oldest_due_age_seconds: z.number().int(),
  by_task: z.array(TaskQueueView),
});

export const WebhookBacklogView = z.object({
  pending: z.number().int(),
  /** The merchants with the most pending deliveries (at most WEBHOOK_BACKLOG_TOP). */
  by_merchant: z.array(z.object({ organization_id: z.string(), name: z.string(), pending: z.number().int(), oldest_pending_at: z.string() })),
});

export const FailedJobView = z.object({
  id: z.string(),
  task: z.string(),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  /** No attempt left: graphile-worker keeps the job, it will not run again by itself. */
  gave_up: z.boolean(),
  last_error: z.string(),
  updated_at: z.string(),
});

export const FailedWebhookAttemptView = z.object({
  delivery_id: z.string(),
  organization_id: z.string(),
  name: z.string(),
  attempted_at: z.string(),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
});

/** D24: the retention setting, the last partition maintenance, and each partitioned table's months. */
export const RetentionView = z.object({
  retention_days: z.number().int(),
  last_run_at: z.string().nullable(),
  last_cutoff: z.string().nullable(),
  last_created: z.array(z.string()),
  last_dropped: z.array(z.string()),
  dropped_total: z.number().int(),
  tables: z.array(z.object({ table: z.string(), partitions: z.number().int(), oldest_from: z.string().nullable(), newest_to: z.string().nullable() })),
});
export type RetentionView = z.infer<typeof RetentionView>;

export const SystemStatus = z.object({
  time: z.string(),
  workers_alive: z.number().int(),
  workers: z.array(WorkerView),
  job_queue: JobQueueView,
  webhook_backlog: WebhookBacklogView,
  recent_errors: z.object({ jobs: z.array(FailedJobView), webhook_attempts: z.array(FailedWebhookAttemptView) }),
  retention: RetentionView,
});
export type SystemStatus = z.infer<typeof SystemStatus>;
