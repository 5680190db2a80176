import type { Task } from 'graphile-worker';
import { deliverDueWebhooks, type DeliverLimits, type WebhookDeps } from '@/server/domain/webhooks/deliver-due';
import { WakeLoop } from '../wake-loop';
import { parseJobPayload } from '@/server/queue/job-payloads';

/**
 * One worker process's webhook delivery loop (a WakeLoop): runs the scheduler (server/domain/webhooks/deliver-due.ts),
 * one run at a time per process, when woken. Two things wake it: the deliver_webhooks job (the retry timer
 * scheduleWake keeps, a durable record that a run is due) and `wake()`, which the worker calls on each notification of
 * new deliveries (kickDeliveries) and whenever it starts listening. Concurrent runs in one process would split the
 * organizations between them and hand them back and forth (each hand-over left an organization with fewer
 * requests in flight than its cap, and the claims queued on each other's lock: bench, 10 merchants, least/most
 * share 0.61-0.83); one run serves every organization and polls for newly due ones itself (a round that ran out of
 * time is continued inside deliverDueWebhooks itself). Runs in other worker processes share the organizations
 * through the claim's leases (deliveries.ts).
 */
export class WebhookLoop extends WakeLoop {
  constructor(deps: () => WebhookDeps, limits: Partial<DeliverLimits> = {}) {
    super('webhook delivery', async (signal) => {
      await deliverDueWebhooks(deps(), limits, signal);
    });
  }

  /** The deliver_webhooks task: a run with the job's abort signal, or nothing when this process has one going. */
  readonly task: Task = async (payload, helpers) => {
    parseJobPayload('deliver_webhooks', payload);
    await this.run(helpers.abortSignal);
  };
}

/** The deliver_webhooks task alone (a loop nobody wakes but its jobs): tests and one-off runners. */
export function deliverWebhooksTask(deps: () => WebhookDeps, limits: Partial<DeliverLimits> = {}): Task {
  return new WebhookLoop(deps, limits).task;
}
