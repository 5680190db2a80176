import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { getTableName, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { webhookAttempts } from '@/db/schema';
import type { Env } from '@/server/env';
import { emitEvents } from '@/server/domain/webhooks/emit-events';
import { setRoute } from '@/server/domain/carrier/connectors';
import { closePools, makeMerchant, restClient, testDeps, testEnv } from '@/tests/helpers';
import { startReceiver, type Receiver } from '@/tests/webhooks/receiver';
import { attemptsOf, deliveredEvent, deliveriesOf, eventOf, ISO_MS, sendVia, settlePending, UUID_V4 } from '@/tests/webhooks/fixtures';
import { deliverDueWebhooks, type DeliverLimits } from './deliver-due';

const env = testEnv({ WEBHOOK_RETRY_SCHEDULE: '100ms,100ms,100ms,100ms', WEBHOOK_TIMEOUT_MS: '300' });
/** One attempt then a retry an hour later: a run ends after the first attempts. */
const slowRetryEnv = testEnv({ WEBHOOK_RETRY_SCHEDULE: '1h', WEBHOOK_TIMEOUT_MS: '300' });
const deps = testDeps({ env });
const db = deps.db;
const call = restClient(deps);
const receivers: Receiver[] = [];
const VODACOM = '+243812345678';

const run = (e: Env = env, limits: Partial<DeliverLimits> = {}) => deliverDueWebhooks({ db, env: e, now: () => new Date() }, limits);
async function receiver(...args: Parameters<typeof startReceiver>) {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
}
/** A merchant whose webhook is `url`, one send to VODACOM and its sms.delivered event emitted. */
async function deliveredTo(url: string, opts: { username?: string; password?: string; callback?: string; e?: Env } = {}) {
  const e = opts.e ?? env;
  const m = await makeMerchant(db, e, { prepaid: '10', keyStatus: 'allowed', webhook: { url, username: opts.username, password: opts.password } });
  const sendCall = e === env ? call : restClient(testDeps({ db, env: e }));
  const s = await sendVia(db, sendCall, m.apiKey, [VODACOM], opts.callback ? { callback_url: opts.callback } : {});
  const ev = deliveredEvent(s.messageId, s.recipients[0]);
  expect(await emitEvents(db, [ev], { now: new Date() })).toBe(1);
  const row = await eventOf(db, s.messageId, 'sms.delivered', s.recipients[0].id);
  return { m, s, ev, eventId: row.id, payload: row.payload };
}

afterEach(() => settlePending(db));
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await closePools();
});

describe('deliver_webhooks: one POST per attempt (spec Events > Delivery, D10)', () => {
  it('POSTs the stored envelope exactly, as JSON, with the Basic credentials of the key', async () => {
    const r = await receiver();
    const { s, ev, eventId, payload } = await deliveredTo(`${r.url}/hook`, { username: 'acme', password: 's3cret:pä$$' });
    await run();

    const [hit] = r.ofEvent(eventId);
    expect(hit.method).toBe('POST');
    expect(hit.headers['content-type']).toBe('application/json');
    expect(hit.headers['user-agent']).toBe('sms-gateway-webhooks/1');
    expect(hit.headers.authorization).toBe(`Basic ${Buffer.from('acme:s3cret:pä$$', 'utf8').toString('base64')}`);
    expect(Object.keys(hit.json)).toEqual(['event_id', 'event_type', 'timestamp', 'message_id', 'data']);
    expect(hit.json).toEqual({
      event_id: eventId,
      event_type: 'sms.delivered',
      timestamp: ev.at.toISOString(),
      message_id: s.messageId,
      data: { recipient_phone: VODACOM, carrier: 'sim-vodacom', delivered_at: ev.at.toISOString(), segments: 1, dispatch_at: null },
    });
    expect(hit.json).toEqual(payload);
    expect(eventId).toMatch(UUID_V4);
    expect(hit.json.timestamp).toMatch(ISO_MS);

    const [d] = await deliveriesOf(db, eventId);
    expect(d).toMatchObject({ url: `${r.url}/hook`, use_basic_auth: true, state: 'succeeded', attempts: 1, last_status_code: 200, last_error: null, next_attempt_at: null });
    const attempts = await attemptsOf(db, d.id);
    expect(attempts.map((a) => [a.status_code, a.error])).toEqual([[200, null]]);
    expect(attempts[0].latency_ms).toBeGreaterThanOrEqual(0);
    expect(attempts[0].latency_ms).toBeLessThan(300);
    // Nothing stored about the attempt carries the password or the header.
    const stored = JSON.stringify(
      await db.execute(sql`select to_jsonb(d) as d, to_jsonb(a) - 'id' as a from webhook_deliveries d join webhook_attempts a on a.delivery_id = d.id where d.id = ${d.id}`),
    );
    expect(stored).not.toContain('s3cret');
    expect(stored).not.toContain('Basic');
  });

  it('callback_url receives the send events; the credentials go only to the webhook origin (D10)', async () => {
    const own = await receiver();
    const other = await receiver();
    const creds = { username: 'acme', password: 'pw' };
    const elsewhere = await deliveredTo(`${own.url}/hook`, { ...creds, callback: `${other.url}/cb` });
    const sameOrigin = await deliveredTo(`${own.url}/hook`, { ...creds, callback: `${own.url}/cb?ref=1` });
    await run();

    const [foreign] = other.ofEvent(elsewhere.eventId);
    expect(foreign.path).toBe('/cb');
    expect(foreign.headers.authorization).toBeUndefined();
    expect(own.ofEvent(elsewhere.eventId)).toEqual([]);
    const [same] = own.ofEvent(sameOrigin.eventId);
    expect(same.path).toBe('/cb?ref=1');
    expect(same.headers.authorization).toBe(`Basic ${Buffer.from('acme:pw').toString('base64')}`);
    expect((await deliveriesOf(db, elsewhere.eventId)).map((d) => [d.url, d.use_basic_auth, d.state])).toEqual([[`${other.url}/cb`, false, 'succeeded']]);
    expect((await deliveriesOf(db, sameOrigin.eventId)).map((d) => [d.url, d.use_basic_auth, d.state])).toEqual([[`${own.url}/cb?ref=1`, true, 'succeeded']]);
  });

  it('retries a 503 on the schedule with the same event_id and body, then the 200 acknowledges', async () => {
    const r = await receiver({ '/flaky': (_h, nth) => ({ status: nth <= 2 ? 503 : 200 }) });
    const { eventId } = await deliveredTo(`${r.url}/flaky`);
    await run();

    const hits = r.ofEvent(eventId);
    expect(hits.map((h) => h.json.event_id)).toEqual([eventId, eventId, eventId]);
    expect(new Set(hits.map((h) => h.body)).size).toBe(1);
    const [d] = await deliveriesOf(db, eventId);
    expect(d).toMatchObject({ state: 'succeeded', attempts: 3, last_status_code: 200, last_error: null });
    const attempts = await attemptsOf(db, d.id);
    expect(attempts.map((a) => [a.status_code, a.error])).toEqual([
      [503, null],
      [503, null],
      [200, null],
    ]);
    for (let i = 1; i < attempts.length; i++) {
      expect(attempts[i].attempted_at.getTime() - attempts[i - 1].attempted_at.getTime()).toBeGreaterThanOrEqual(100);
    }
  });

  it('the whole schedule exhausted: 5 attempts, then failed', async () => {
    const r = await receiver({ '/down': () => ({ status: 503 }) });
    const { eventId } = await deliveredTo(`${r.url}/down`);
    const started = performance.now();
    await run();
    expect(performance.now() - started).toBeLessThan(3000);

    expect(r.ofEvent(eventId)).toHaveLength(5);
    const [d] = await deliveriesOf(db, eventId);
    expect(d).toMatchObject({ state: 'failed', attempts: 5, last_status_code: 503, next_attempt_at: null });
    expect((await attemptsOf(db, d.id)).map((a) => a.status_code)).toEqual([503, 503, 503, 503, 503]);
    await run();
    expect(r.ofEvent(eventId)).toHaveLength(5); // a failed delivery is never sent again
  });

  it('a 410 is permanent: one attempt, no retry', async () => {
    const r = await receiver({ '/gone': () => ({ status: 410 }) });
    const { eventId } = await deliveredTo(`${r.url}/gone`);
    await run();
    expect(r.ofEvent(eventId)).toHaveLength(1);
    const [d] = await deliveriesOf(db, eventId);
    expect(d).toMatchObject({ state: 'failed', attempts: 1, last_status_code: 410, last_error: null });
  });

  it('a 302 is not followed: the Location is never requested, the delivery fails', async () => {
    const r = await receiver();
    const target = `${r.url}/target`;
    const moved = await receiver({ '/moved': () => ({ status: 302, headers: { location: target } }) });
    const { eventId } = await deliveredTo(`${moved.url}/moved`);
    await run();
    expect(moved.ofEvent(eventId)).toHaveLength(1);
    expect(r.hits).toEqual([]);
    const [d] = await deliveriesOf(db, eventId);
    expect(d).toMatchObject({ state: 'failed', attempts: 1, last_status_code: 302, last_error: 'redirect not followed' });
    expect((await attemptsOf(db, d.id)).map((a) => [a.status_code, a.error])).toEqual([[302, 'redirect not followed']]);
  });

  it('no answer within WEBHOOK_TIMEOUT_MS: a retryable attempt with no status, and the run re-enqueues itself', async () => {
    const r = await receiver({ '/slow': () => ({ status: 200, delayMs: 1500 }) });
    const { eventId } = await deliveredTo(`${r.url}/slow`, { e: slowRetryEnv });
    const stats = await run(slowRetryEnv);

    const [d] = await deliveriesOf(db, eventId);
    expect(d).toMatchObject({ state: 'pending', attempts: 1, last_status_code: null, last_error: 'timeout after 300 ms' });
    const [a] = await attemptsOf(db, d.id);
    expect([a.status_code, a.error]).toEqual([null, 'timeout after 300 ms']);
    expect(a.latency_ms).toBeGreaterThanOrEqual(299);
    expect(a.latency_ms).toBeLessThan(800);
    const wait = d.next_attempt_at!.getTime() - a.attempted_at.getTime();
    expect(wait).toBeGreaterThanOrEqual(3_600_000 + 299);
    expect(wait).toBeLessThan(3_600_000 + 1000);

    const [{ at }] = await db.execute<{ at: string }>(sql`select min(next_attempt_at) as at from webhook_deliveries where state = 'pending'`);
    const jobs = await db.execute<{ run_at: string }>(sql`select run_at from graphile_worker.jobs where key = 'deliver_webhooks_wake'`);
    expect(jobs.map((j) => new Date(j.run_at).toISOString())).toEqual([new Date(at).toISOString()]);
    expect(stats.wakeAt?.toISOString()).toBe(new Date(at).toISOString());
  });

  it('a slow merchant does not hold up another one in the same run (per-organization cap of 8)', async () => {
    const r = await receiver({ '/a-slow': () => ({ status: 200, delayMs: 2000 }) });
    const a = await makeMerchant(db, slowRetryEnv, { prepaid: '10', webhook: { url: `${r.url}/a-slow` } });
    const b = await makeMerchant(db, slowRetryEnv, { prepaid: '10', webhook: { url: `${r.url}/b` } });
    const sa = await sendVia(db, call, a.apiKey, Array.from({ length: 10 }, (_, i) => `+2438123400${String(i).padStart(2, '0')}`));
    const sb = await sendVia(db, call, b.apiKey, [VODACOM, VODACOM, VODACOM]);
    const now = new Date();
    // sms.queued (from POST /send) + one event per recipient: 11 deliveries for A, 4 for B
    await emitEvents(db, [...sa.recipients.map((x) => deliveredEvent(sa.messageId, x, now)), ...sb.recipients.map((x) => deliveredEvent(sb.messageId, x, now))], { now });

    const started = performance.now();
    await run(slowRetryEnv);

    const bHits = r.on('/b');
    expect(bHits.length).toBeGreaterThanOrEqual(4);
    for (const h of bHits) expect(h.at - started).toBeLessThan(250); // A's first attempts time out at 300 ms
    expect(r.maxOpen('/a-slow')).toBe(8);
    const states = await db.execute<{ org: string; state: string; n: number }>(sql`
      select d.organization_id as org, d.state, count(*)::int as n from webhook_deliveries d
       where d.organization_id in (${a.organizationId}, ${b.organizationId}) group by 1, 2 order by 1, 2`);
    expect(states.filter((s) => s.org === b.organizationId).map((s) => [s.state, s.n])).toEqual([['succeeded', bHits.length]]);
    // every delivery of A got its one attempt (8 at once, then the rest), each timed out and waits for its retry
    expect(states.filter((s) => s.org === a.organizationId).map((s) => [s.state, s.n])).toEqual([['pending', r.on('/a-slow').length]]);
    expect(r.on('/a-slow').length).toBeGreaterThanOrEqual(10);
  });

  it('live environment: loopback destinations are refused at delivery time, nothing is sent (D10)', async () => {
    const live = testEnv({ SMS_ENV: 'live', APP_SECRET: 'live-secret-live-secret-live-secret-0123', WEBHOOK_TIMEOUT_MS: '300' });
    const r = await receiver();
    // live sends need a route (D14): the simulator connector's, for the test's Vodacom number
    const [sim] = await db.execute<{ id: string }>(sql`select id from connectors where name = 'simulator'`);
    await setRoute(db, '24381', null, [sim.id]);
    const literal = await deliveredTo(`https://127.0.0.1:${r.port}/hook`, { e: live, username: 'acme', password: 'pw' });
    const named = await deliveredTo(`https://127.0.0.1:${r.port}/hook`, { e: live, callback: `https://localhost:${r.port}/cb` });
    await run(live);

    expect(r.hits).toEqual([]);
    const [d1] = await deliveriesOf(db, literal.eventId);
    expect(d1).toMatchObject({ state: 'failed', attempts: 1, last_status_code: null, last_error: 'destination refused: 127.0.0.1 is a loopback address' });
    const [d2] = await deliveriesOf(db, named.eventId);
    expect(d2).toMatchObject({ state: 'failed', attempts: 1, last_status_code: null });
    expect(d2.last_error).toMatch(/^destination refused: localhost resolves to loopback address (127\.0\.0\.1|::1)$/);
  });
});

describe('deliver_webhooks when the database goes away during a run (issue 39)', () => {
  it('a run whose attempts cannot be recorded gives its leases back: the next run delivers again at once, not when the lease expires', async () => {
    const r = await receiver();
    const { eventId } = await deliveredTo(`${r.url}/hook`, { e: slowRetryEnv });
    // The database as the run sees it: the statement recording the attempts fails (its connection dropped).
    const recording = (q: SQL) => new PgDialect().sqlToQuery(q).sql.includes(`insert into "${getTableName(webhookAttempts)}"`);
    const broken = new Proxy(db, {
      get: (target, prop, receiver) =>
        prop === 'execute' ? (q: SQL) => (recording(q) ? Promise.reject(new Error('write CONNECTION_CLOSED')) : target.execute(q)) : Reflect.get(target, prop, receiver),
    });
    await deliverDueWebhooks({ db: broken, env: slowRetryEnv, now: () => new Date() });
    expect(r.ofEvent(eventId)).toHaveLength(1);
    const [leased] = await db.execute<{ locked: boolean }>(sql`
      select locked_until is not null as locked from webhook_deliveries where event_id = ${eventId}::uuid`);
    expect(leased.locked).toBe(false);

    await run(slowRetryEnv);
    expect(r.ofEvent(eventId)).toHaveLength(2); // at least once: the same event again
    const [d] = await deliveriesOf(db, eventId);
    expect(d).toMatchObject({ state: 'succeeded', attempts: 1 });
  });
});
