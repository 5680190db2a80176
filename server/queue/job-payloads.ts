import { z } from 'zod';

const DispatchPayload = z.object({ dispatch_id: z.string().min(1) });

/**
 * Every graphile-worker task and the one zod schema of its payload: addJob is typed by them, and each task
 * parses its payload with the same schema before calling its domain step.
 */
export const JOB_PAYLOADS = {
  dispatch_message: DispatchPayload,
  /** Enqueued with job_key deliver_webhooks (new deliveries) or deliver_webhooks_wake (retries); it carries nothing. */
  deliver_webhooks: z.object({}).loose(),
  /** D24's hourly partition maintenance (crontab); graphile-worker adds its `_cron` timestamp, nothing else. */
  maintain_partitions: z.object({}).loose(),
} as const;

export type JobName = keyof typeof JOB_PAYLOADS;
export type JobPayload<N extends JobName> = z.input<(typeof JOB_PAYLOADS)[N]>;

/** A task's payload, parsed by its schema (a malformed payload fails the job with the zod error). */
export function parseJobPayload<N extends JobName>(task: N, payload: unknown): z.output<(typeof JOB_PAYLOADS)[N]> {
  return JOB_PAYLOADS[task].parse(payload ?? {}) as z.output<(typeof JOB_PAYLOADS)[N]>;
}
