import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EVENT_TYPES, INBOUND_EVENT_TYPES, SENDER_ID_EVENT_TYPES, WALLET_EVENT_TYPES } from '@/db/schema';
import { WEBHOOK_EVENTS, type WebhookEventName } from '@/shared/contracts/webhook-events';
import { decideSenderId } from '@/server/domain/sender-ids/review';
import { assignNumber, setInboundUrl } from '../carrier/inbound-helpers';
import { closePools, testEnv } from '../helpers';
import { readyMerchant } from '../messaging/setup';
import { drain } from '../pipeline/drain';
import { pipelineHarness } from '../pipeline/harness';

/**
 * Issue 44 item 2: what the service really emits, event type by event type, is what the OpenAPI document's `webhooks`
 * (built from shared/contracts/webhook-events.ts) says: every field the contract requires is there with its type, and
 * no field is there that the contract does not name.
 */
const env = testEnv({ CARRIER_SIM_DELAY_MS: '0', CARRIER_SIM_VALIDITY_S: '0' });
const { deps, call, tasks } = pipelineHarness(env);
afterAll(closePools);

/** The names a schema's object declares, or null when it is not an object. */
function declared(schema: z.ZodType): string[] | null {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : null;
}

/** Problems of `payload` against its event's contract: zod's issues, and every key (envelope or data) it does not name. */
function problems(payload: Record<string, unknown>): string[] {
  const schema = WEBHOOK_EVENTS[payload.event_type as WebhookEventName];
  if (!schema) return [`no contract for ${String(payload.event_type)}`];
  const parsed = schema.safeParse(payload);
  const out = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  const envelope = declared(schema)!;
  for (const k of Object.keys(payload)) if (!envelope.includes(k)) out.push(`undeclared ${k}`);
  const data = declared(schema.shape.data as z.ZodType) ?? [];
  for (const k of Object.keys((payload.data ?? {}) as object)) if (!data.includes(k)) out.push(`undeclared data.${k}`);
  return out;
}

describe('webhook payloads against their contracts', () => {
  it('every event type the service knows has a contract', () => {
    expect(Object.keys(WEBHOOK_EVENTS).sort()).toEqual([...EVENT_TYPES, ...INBOUND_EVENT_TYPES, ...SENDER_ID_EVENT_TYPES, ...WALLET_EVENT_TYPES].sort());
  });

  it('each emitted event (a send with failures, a scheduled send, opt-outs, an MO, sender ID decisions, a low balance) matches its contract exactly', async () => {
    const m = await readyMerchant(deps, { prepaid: '10', webhookUrl: 'http://127.0.0.1:9/hook' });
    const key = m.apiKey;
    await m.api.organization.updateLowBalanceThreshold({ threshold: '9.99' }); // the first send crosses it
    await setInboundUrl(deps.db, m.appId, 'http://127.0.0.1:9/inbound');
    expect((await call('POST', '/opt-outs', { key, body: { phones: ['+243810007777', '+243810008888'] } })).status).toBe(200);
    expect((await call('DELETE', '/opt-outs/%2B243810008888', { key })).status).toBe(200);
    const to = ['+243810005555', '+243810001111', '+243810002222', '+243810007777'];
    expect((await call('POST', '/send', { key, body: { to, message: 'Hello' } })).status).toBe(201);
    const later = { sending_type: 'scheduled', scheduled_dates: [{ date: '2099-01-05', time: '09:00' }] };
    expect((await call('POST', '/send', { key, body: { to: ['+243810005555'], message: 'Later', ...later } })).status).toBe(201);
    await assignNumber(deps.db, m, '243990121212');
    expect((await call('POST', '/inbound/simulate', { key, body: { from: '+243810005555', to: '243990121212', text: 'Hi' } })).status).toBe(202);
    for (const [name, decision] of [['ACME', 'approve'], ['BRAVO', 'reject']] as const) {
      const res = await call('POST', '/sender-ids', { key, body: { sender_id: name, purpose: 'Receipts', sample_message: `Your receipt. ${name}` } });
      expect(res.status).toBe(201);
      const reason = decision === 'reject' ? { reason: 'Not yours.' } : {};
      await decideSenderId(deps.db, { id: res.body.data.id, decision, ...reason, actor: 'op', now: new Date() } as never);
    }
    await decideSenderId(deps.db, { id: (await senderId(m.organizationId, 'ACME')), decision: 'revoke', reason: 'Misused.', actor: 'op', now: new Date() });
    await drain(deps.db, tasks);

    const rows = await deps.db.execute<{ event_type: string; payload: Record<string, unknown> }>(
      sql`select event_type, payload from webhook_events where organization_id = ${m.organizationId} order by created_at`,
    );
    const seen = new Set(rows.map((r) => r.event_type));
    expect([...seen].sort()).toEqual(Object.keys(WEBHOOK_EVENTS).sort());
    expect(rows.flatMap((r) => problems(r.payload).map((p) => `${r.event_type} ${p}`))).toEqual([]);
  });
});

async function senderId(organizationId: string, name: string): Promise<string> {
  const [row] = await deps.db.execute<{ id: string }>(sql`select id from sender_ids where organization_id = ${organizationId} and sender_id = ${name}`);
  return row.id;
}
