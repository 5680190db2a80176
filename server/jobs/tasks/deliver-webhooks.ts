import type { Task } from 'graphile-worker';
import { deliverDueWebhooks, type WebhookDeps } from '@/server/domain/webhooks/deliver-due';
import { parseJobPayload } from '../job-payloads';

/** deliver_webhooks: parses its (empty) payload and runs the scheduler (server/domain/webhooks/deliver-due.ts). */
export function deliverWebhooksTask(deps: () => WebhookDeps): Task {
  return async (payload) => {
    parseJobPayload('deliver_webhooks', payload);
    await deliverDueWebhooks(deps());
  };
}
