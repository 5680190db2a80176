import { Webhook } from 'standardwebhooks';
import { WebhookVerificationError } from './errors.js';
import type { WebhookEvent } from './types.js';

/** Request headers as Fetch (`Headers`), Node (`IncomingHttpHeaders`) or a plain object gives them. */
export type HeadersLike = Headers | Record<string, string | string[] | undefined>;

function plainHeaders(headers: HeadersLike): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof (headers as Headers).forEach === 'function' && typeof (headers as Headers).get === 'function') {
    (headers as Headers).forEach((v, k) => (out[k.toLowerCase()] = v));
    return out;
  }
  for (const [k, v] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

/**
 * Checks a webhook request the Standard Webhooks way (D16: `webhook-id`, `webhook-timestamp`, `webhook-signature`
 * under your app's `whsec_…` signing secret, with the standardwebhooks library) and returns its event, typed by
 * `event_type`. Pass the raw body, exactly as received (before any JSON parsing). Throws WebhookVerificationError
 * when a header is missing, no signature matches, or the timestamp is more than 5 minutes from now.
 */
export function verifyWebhook(secret: string, headers: HeadersLike, rawBody: string | Uint8Array): WebhookEvent {
  const body = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  try {
    return new Webhook(secret).verify(body, plainHeaders(headers)) as WebhookEvent;
  } catch (err) {
    throw new WebhookVerificationError(err instanceof Error ? err.message : String(err));
  }
}
