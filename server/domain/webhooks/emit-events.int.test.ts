import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import type { DbOrTx } from '@/db/client';
import { deliverDueWebhooks } from '@/server/domain/webhooks/deliver-due';
import { WebhookLoop } from '@/server/jobs/tasks/deliver-webhooks';
import { closePools, makeMerchant, restClient, testDeps, testEnv } from '@/tests/helpers';
import { startReceiver, type Receiver } from '@/tests/webhooks/receiver';
import { deliveredEvent, deliveriesOf, eventOf, ISO_MS, sendVia, settlePending, UUID_V4 } from '@/tests/webhooks/fixtures';
import { DELIVERIES_CHANNEL } from './deliveries';
import { emitEvents, type NewEvent } from './emit-events';
import { listEventDeliveries, replayEvent } from './replay-event';

const env = testEnv({ WEBHOOK_RETRY_SCHEDULE: '100ms,100ms,100ms,100ms', WEBHOOK_TIMEOUT_MS: '300' });
const deps = testDeps({ env });
const db = deps.db;
const call = restClient(deps);
const webhookDeps = { db, env, now: () => new Date() };
const VODACOM = '+243812345678';
const ORANGE = '+243841234567';
let receiver: Receiver;

afterEach(() => settlePending(db));
afterAll(async () => {
  await receiver?.close();
  await closePools();
});

async function hookReceiver() {
  receiver ??= await startReceiver();
  return receiver;
}
const processing = (messageId: string, r: { id: number; phone: string; dispatch_id: string }, at = new Date()): NewEvent => ({
  eventType: 'sms.processing',
  messageId,
  dispatchId: r.dispatch_id,
  recipientId: r.id,
  at,
  data: { recipient_phone: r.phone, carrier: 'sim-vodacom', dispatch_at: null },
});
async function jobRunAt(key: string): Promise<string[]> {
  const rows = await db.execute<{ run_at: string }>(sql`select run_at from graphile_worker.jobs where key = ${key}`);
  return rows.map((r) => new Date(r.run_at).toISOString());
}

describe('emitEvents', () => {
  it('events of several messages in one call: each counted once, a delivery only for each event of the message with a destination', async () => {
    const r = await hookReceiver();
    const hooked = await makeMerchant(db, env, { prepaid: '10', webhook: { url: `${r.url}/many` } });
    const silent = await makeMerchant(db, env, { prepaid: '10' });
    const a = await sendVia(db, call, hooked.apiKey, [VODACOM, ORANGE]);
    const b = await sendVia(db, call, silent.apiKey, [VODACOM, ORANGE]);
    const events = [...a.recipients.map((x) => processing(a.messageId, x)), ...b.recipients.map((x) => processing(b.messageId, x))];
    expect(await emitEvents(db, events, { now: new Date() })).toBe(4);
    for (const x of a.recipients) {
      const e = await eventOf(db, a.messageId, 'sms.processing', x.id);
      expect((await deliveriesOf(db, e.id)).map((d) => [d.url, d.state])).toEqual([[`${r.url}/many`, 'pending']]);
    }
    for (const x of b.recipients) expect(await deliveriesOf(db, (await eventOf(db, b.messageId, 'sms.processing', x.id)).id)).toEqual([]);
    expect(await emitEvents(db, events, { now: new Date() })).toBe(0);
  });

  it('stores the envelope exactly, with organization and app from the message, and a pending delivery', async () => {
    const r = await hookReceiver();
    const m = await makeMerchant(db, env, { prepaid: '10', webhook: { url: `${r.url}/hook`, username: 'acme', password: 'pw' } });
    const s = await sendVia(db, call, m.apiKey, [VODACOM]);
    const at = new Date('2026-11-21T06:00:00.123Z');
    const now = new Date();
    expect(await db.transaction((tx) => emitEvents(tx, [processing(s.messageId, s.recipients[0], at)], { now }))).toBe(1);

    const [row] = await db.execute<{ id: string; organization_id: string; app_id: string; dispatch_id: string; recipient_id: number; payload: any }>(sql`
      select id::text, organization_id, app_id, dispatch_id, recipient_id::float8 as recipient_id, payload from webhook_events
       where message_id = ${s.messageId} and event_type = 'sms.processing'`);
    expect(row).toEqual({
      id: expect.stringMatching(UUID_V4),
      organization_id: m.organizationId,
      app_id: m.appId,
      dispatch_id: s.recipients[0].dispatch_id,
      recipient_id: s.recipients[0].id,
      payload: {
        event_id: row.id,
        event_type: 'sms.processing',
        timestamp: '2026-11-21T06:00:00.123Z',
        message_id: s.messageId,
        data: { recipient_phone: VODACOM, carrier: 'sim-vodacom', dispatch_at: null },
      },
    });
    expect(row.payload.timestamp).toMatch(ISO_MS);
    const deliveries = await deliveriesOf(db, row.id);
    expect(deliveries).toEqual([
      {
        id: expect.stringMatching(/^whd_[0-9A-Za-z]{22}$/),
        url: `${r.url}/hook`,
        use_basic_auth: true,
        state: 'pending',
        attempts: 0,
        last_status_code: null,
        last_error: null,
        next_attempt_at: new Date(now.toISOString()),
      },
    ]);
    expect(await jobRunAt('deliver_webhooks')).toEqual([]); // a notification wakes the workers, not a job
  });

  it('one event per (recipient, type) and one sms.queued per send, however often it is emitted', async () => {
    const r = await hookReceiver();
    const m = await makeMerchant(db, env, { prepaid: '10', webhook: { url: `${r.url}/hook` } });
    const s = await sendVia(db, call, m.apiKey, [VODACOM, ORANGE]);
    const ev = processing(s.messageId, s.recipients[0]);
    const now = new Date();
    expect(await emitEvents(db, [ev, ev], { now })).toBe(1);
    const first = await eventOf(db, s.messageId, 'sms.processing', s.recipients[0].id);
    expect(await emitEvents(db, [{ ...ev, at: new Date(), data: { other: true } }], { now: new Date() })).toBe(0);
    expect(await emitEvents(db, [ev, processing(s.messageId, s.recipients[1])], { now: new Date() })).toBe(1);
    const queued: NewEvent = { eventType: 'sms.queued', messageId: s.messageId, dispatchId: null, recipientId: null, at: now, data: {} };
    const [{ q }] = await db.execute<{ q: number }>(sql`select count(*)::int as q from webhook_events where message_id = ${s.messageId} and event_type = 'sms.queued'`);
    expect(await emitEvents(db, [queued, queued], { now })).toBe(1 - q); // POST /send already emitted it (q = 1)
    expect(await emitEvents(db, [queued], { now })).toBe(0);

    const again = await eventOf(db, s.messageId, 'sms.processing', s.recipients[0].id);
    expect(again).toEqual(first); // same event_id, same payload
    expect(await deliveriesOf(db, first.id)).toHaveLength(1);
    const [{ n }] = await db.execute<{ n: number }>(sql`select count(*)::int as n from webhook_events where message_id = ${s.messageId}`);
    expect(n).toBe(3); // sms.queued + two sms.processing
  });

  it('no events: no statement at all', async () => {
    const noDb = new Proxy({}, { get: () => { throw new Error('no statement expected'); } }) as DbOrTx;
    expect(await emitEvents(noDb, [], { now: new Date() })).toBe(0);
  });

  it('an app without webhook_url: the event is stored, no delivery is created', async () => {
    const m = await makeMerchant(db, env, { prepaid: '10' });
    const s = await sendVia(db, call, m.apiKey, [VODACOM]);
    expect(await emitEvents(db, [deliveredEvent(s.messageId, s.recipients[0])], { now: new Date() })).toBe(1);
    const ev = await eventOf(db, s.messageId, 'sms.delivered', s.recipients[0].id);
    expect(ev.payload.event_type).toBe('sms.delivered');
    const [{ n }] = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from webhook_deliveries d join webhook_events e on e.id = d.event_id where e.message_id = ${s.messageId}`);
    expect(n).toBe(0);
  });

  it("a worker's loop, woken by the commit's notification, delivers (no job)", async () => {
    const r = await hookReceiver();
    const m = await makeMerchant(db, env, { prepaid: '10', webhook: { url: `${r.url}/via-notify` } });
    const s = await sendVia(db, call, m.apiKey, [VODACOM]);
    await settlePending(db); // the send's own events out of the way
    const loop = new WebhookLoop(() => webhookDeps);
    const listener = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    const listening = await listener.listen(DELIVERIES_CHANNEL, () => loop.wake());
    try {
      await db.transaction((tx) => emitEvents(tx, [deliveredEvent(s.messageId, s.recipients[0])], { now: new Date() }));
      const eventId = (await eventOf(db, s.messageId, 'sms.delivered', s.recipients[0].id)).id;
      for (let i = 0; i < 100 && r.ofEvent(eventId).length === 0; i++) await new Promise((res) => setTimeout(res, 20));
      expect(r.ofEvent(eventId)).toHaveLength(1);
      await loop.stop();
      expect((await deliveriesOf(db, eventId)).map((d) => d.state)).toEqual(['succeeded']);
      expect(await jobRunAt('deliver_webhooks')).toEqual([]);
      expect(await jobRunAt('deliver_webhooks_wake')).toEqual([]); // nothing pending: no retry timer either
    } finally {
      await loop.stop();
      await listening.unlisten();
      await listener.end();
    }
  });
});

describe('replayEvent and listEventDeliveries (the delivery log, D10)', () => {
  it('replays an event of the organization as a new delivery with the same event_id; lists it without secrets', async () => {
    const r = await hookReceiver();
    const m = await makeMerchant(db, env, { prepaid: '10', webhook: { url: `${r.url}/replay`, username: 'acme', password: 'top-secret-pw' } });
    const other = await makeMerchant(db, env, { prepaid: '10' });
    const s = await sendVia(db, call, m.apiKey, [VODACOM]);
    await emitEvents(db, [deliveredEvent(s.messageId, s.recipients[0])], { now: new Date() });
    const eventId = (await eventOf(db, s.messageId, 'sms.delivered', s.recipients[0].id)).id;
    await deliverDueWebhooks(webhookDeps);

    expect(await replayEvent(db, other.organizationId, eventId, new Date())).toBeNull();
    expect(await replayEvent(db, m.organizationId, 'not-a-uuid', new Date())).toBeNull();
    expect(await replayEvent(db, m.organizationId, '00000000-0000-4000-8000-000000000000', new Date())).toBeNull();
    const replayId = await replayEvent(db, m.organizationId, eventId, new Date());
    expect(replayId).toMatch(/^whd_[0-9A-Za-z]{22}$/);
    await deliverDueWebhooks(webhookDeps);

    const hits = r.ofEvent(eventId);
    expect(hits).toHaveLength(2);
    expect(hits[1].body).toBe(hits[0].body);
    expect(hits[1].headers.authorization).toBe(`Basic ${Buffer.from('acme:top-secret-pw').toString('base64')}`);

    const log = await listEventDeliveries(db, m.organizationId, s.messageId);
    const delivered = log.find((e) => e.eventId === eventId)!;
    expect(delivered).toMatchObject({ eventType: 'sms.delivered', recipientId: s.recipients[0].id, dispatchId: s.recipients[0].dispatch_id });
    expect(delivered.deliveries.map((d) => [d.url, d.state, d.attempts, d.lastStatusCode, d.nextAttemptAt, d.attemptLog.map((a) => a.statusCode)])).toEqual([
      [`${r.url}/replay`, 'succeeded', 1, 200, null, [200]],
      [`${r.url}/replay`, 'succeeded', 1, 200, null, [200]],
    ]);
    expect(delivered.deliveries[1].id).toBe(replayId);
    expect(JSON.stringify(log)).not.toMatch(/top-secret-pw|Basic|password|v1\./);
    expect(await listEventDeliveries(db, other.organizationId, s.messageId)).toEqual([]);
  });
});

describe('emitQueuedEvent (the send path)', () => {
  // The send writes its sms.queued with a statement of its own; what it writes must be what emitEvents writes for it.
  const queuedOf = async (messageId: string) => {
    const [row] = await db.execute<{ id: string; organization_id: string; app_id: string; dispatch_id: string | null; recipient_id: number | null; created_at: string; payload: any }>(sql`
      select id::text, organization_id, app_id, dispatch_id, recipient_id, created_at::text, payload from webhook_events
       where message_id = ${messageId} and event_type = 'sms.queued'`);
    const deliveries = (await deliveriesOf(db, row.id)).map(({ id: _id, ...d }) => d);
    return { row, deliveries };
  };
  const cases = [
    { name: 'the app webhook with credentials', webhook: true, extra: {} },
    { name: 'a callback_url on another origin than the webhook', webhook: true, extra: { callback_url: 'http://127.0.0.1:9/cb' } },
    { name: 'no destination', webhook: false, extra: {} },
  ];
  for (const c of cases) {
    it(`writes the row, payload and delivery emitEvents writes: ${c.name}`, async () => {
      const r = await hookReceiver();
      const m = await makeMerchant(db, env, { prepaid: '10', ...(c.webhook ? { webhook: { url: `${r.url}/q`, username: 'acme', password: 'pw' } } : {}) });
      const s = await sendVia(db, call, m.apiKey, [VODACOM, ORANGE], c.extra);
      const sent = await queuedOf(s.messageId);
      expect(sent.deliveries).toHaveLength(c.webhook || 'callback_url' in c.extra ? 1 : 0);
      // The same event again through emitEvents, from the same data, time and emission time.
      await db.execute(sql`delete from webhook_deliveries where event_id = ${sent.row.id}::uuid`);
      await db.execute(sql`delete from webhook_events where id = ${sent.row.id}::uuid`);
      const { event_id: _e, timestamp, data } = sent.row.payload;
      const now = new Date(sent.row.created_at);
      const n = await db.transaction((tx) =>
        emitEvents(tx, [{ eventType: 'sms.queued', messageId: s.messageId, dispatchId: null, recipientId: null, at: new Date(timestamp), data }], { now }),
      );
      expect(n).toBe(1);
      const again = await queuedOf(s.messageId);
      expect(again.row).toEqual({ ...sent.row, id: again.row.id, payload: { ...sent.row.payload, event_id: again.row.id } });
      expect(again.row.payload.timestamp).toBe(timestamp);
      expect(again.deliveries).toEqual(sent.deliveries);
    });
  }
});
