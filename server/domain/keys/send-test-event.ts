import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { gatewayApps } from '@/db/schema';
import type { TestEventResult } from '@/shared/contracts/keys';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { takeOwnWindow } from '@/server/domain/rate-limits/take-slot';
import { signingSecrets } from '@/server/domain/webhooks/signing';
import { sendWebhook, type SendEnv } from '@/server/domain/webhooks/send-webhook';
import { ApiError } from '@/shared/errors/api-error';
import { findApp } from './list-apps';

/**
 * Test events an app may send per 60 s: each is a real request from our
 * servers to an address the merchant chose, so the button is not a way to
 * make us flood a server. Counted in a window of its own (takeOwnWindow,
 * `test_event:<app id>`): it never touches the key's API buckets, and
 * refusals never suspend the key.
 */
export const TEST_EVENTS_PER_MINUTE = 10;

/** The message id every sample event carries: no real send has it (ids are `msg_` + 22 base62). */
export const TEST_EVENT_MESSAGE_ID = 'msg_TEST_EVENT_not_a_real_send';

/**
 * A clearly marked sample `sms.delivered` event in the shape of the real ones
 * (spec Events), with `test: true` at the top level and in `data`. It is not
 * stored as an event and never retried.
 */
export function sampleEvent(now: Date): Record<string, unknown> {
  return {
    event_id: randomUUID(),
    event_type: 'sms.delivered',
    timestamp: now.toISOString(),
    message_id: TEST_EVENT_MESSAGE_ID,
    data: {
      recipient_phone: '+243810000000',
      carrier: 'test',
      delivered_at: now.toISOString(),
      segments: 1,
      dispatch_at: null,
      test: true,
      note: 'Sample event sent from the dashboard ("Send test event"). No message was sent and nothing was charged.',
    },
    test: true,
  };
}

/**
 * One real POST of the sample event to the app's webhook through the delivery
 * code (same headers, Basic credentials, timeout and, in live, the address
 * guard), answering what came back.
 */
export async function sendTestEvent(
  db: Db,
  input: { organizationId: string; appId: string; actor: string; now: Date },
  env: SendEnv,
): Promise<TestEventResult> {
  const app = await findApp(db, input.appId, input.organizationId);
  if (!app.webhookUrl) throw new ApiError('NOT_FOUND', { message: 'This app has no webhook URL yet: save one first.' });
  await takeOwnWindow(db, `test_event:${app.id}`, 'test_event', TEST_EVENTS_PER_MINUTE, (s) => `At most ${TEST_EVENTS_PER_MINUTE} test events a minute per app. Try again in ${s} s.`);
  const [secret] = await db
    .select({
      username: gatewayApps.webhookUsername,
      passwordEnc: gatewayApps.webhookPasswordEnc,
      version: gatewayApps.webhookSecretVersion,
      previousUntil: gatewayApps.webhookSecretPreviousUntil,
    })
    .from(gatewayApps)
    .where(eq(gatewayApps.id, app.id));
  const payload = sampleEvent(input.now);
  const secrets = signingSecrets(env.APP_SECRET, { appId: app.id, version: secret.version, previousUntil: secret.previousUntil }, input.now);
  const result = await sendWebhook(
    {
      url: app.webhookUrl,
      payload,
      credentials: secret.username ? { username: secret.username, passwordEnc: secret.passwordEnc } : null,
      signing: { webhookId: String(payload.event_id), secrets, at: input.now },
    },
    env,
  );
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode <= 299;
  await recordAudit(db, {
    actor: input.actor,
    action: 'webhook.test',
    targetType: 'gateway_app',
    targetId: app.id,
    organizationId: input.organizationId,
    details: { url: app.webhookUrl, status_code: result.statusCode, latency_ms: result.latencyMs, error: result.error },
  });
  return { url: app.webhookUrl, status_code: result.statusCode, latency_ms: result.latencyMs, error: result.error, ok, payload };
}
