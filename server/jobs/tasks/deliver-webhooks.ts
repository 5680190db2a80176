import type { Task } from 'graphile-worker';
import { kickDeliveries } from '@/server/domain/webhooks/deliveries';
import { deliverDueWebhooks, type DeliverLimits, type WebhookDeps } from '@/server/domain/webhooks/deliver-due';
import { parseJobPayload } from '@/server/queue/job-payloads';

/**
 * deliver_webhooks: parses its (empty) payload and runs the scheduler (server/domain/webhooks/deliver-due.ts),
 * one run at a time per worker process. graphile-worker starts a second deliver_webhooks job while one runs (an
 * add_job on a running job's key inserts a new job; the wake job has a key of its own), and concurrent runs in one
 * process split the organizations between them and hand them back and forth: each hand-over left an organization
 * with fewer requests in flight than its cap, and the claims queued on each other's lock (bench, 10 merchants:
 * 3-4 runs at once, claims 300-600 ms, least/most share 0.61-0.83). One run serves every organization (its global
 * cap holds them all at their per-organization cap) and polls for newly due ones itself, so a job that finds a run
 * going only asks it to re-enqueue when it ends. Runs in other worker processes still share the organizations
 * through the claim's leases (deliveries.ts).
 */
export function deliverWebhooksTask(deps: () => WebhookDeps, limits: Partial<DeliverLimits> = {}): Task {
  let running = false;
  let wanted = false;
  return async (payload, helpers) => {
    parseJobPayload('deliver_webhooks', payload);
    if (running) {
      wanted = true;
      return;
    }
    running = true;
    wanted = false;
    const d = deps();
    try {
      // With the job's abort signal: runs follow each other in this job while work is left (a worker shutting down
      // aborts it, and the run in progress then stops leasing).
      await deliverDueWebhooks(d, limits, helpers.abortSignal);
    } finally {
      running = false;
    }
    // A job came in while this run went: deliveries may have become due after its last claim, so a new run at once,
    // whatever the run's own wake-up says: that wake-up job may itself be the one that came in (graphile started it
    // before `running` was cleared) and returned, and then nothing would run again (a bench run stalled so).
    if (wanted) await kickDeliveries(d.db);
  };
}
