import type { WebhookDelivery } from '@/shared/contracts/messages-dashboard';
import type { EventLog } from './replay-event';

/** An event's deliveries and their attempts as the dashboard's delivery logs show them (the send's timeline, the Inbox). */
export function deliveryViews(e: EventLog): WebhookDelivery[] {
  return e.deliveries.map((d) => ({
    delivery_id: d.id,
    url: d.url,
    state: d.state,
    attempts: d.attempts,
    next_attempt_at: d.nextAttemptAt?.toISOString() ?? null,
    last_status_code: d.lastStatusCode,
    last_error: d.lastError,
    created_at: d.createdAt.toISOString(),
    attempt_log: d.attemptLog.map((a) => ({
      attempted_at: a.attemptedAt.toISOString(),
      status_code: a.statusCode,
      latency_ms: a.latencyMs,
      error: a.error,
      response_body: a.responseBody,
    })),
  }));
}
