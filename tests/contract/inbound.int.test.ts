import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDueWebhooks } from '@/server/domain/webhooks/deliver-due';
import { reportInbound } from '@/server/domain/delivery/carrier-port';
import { replayEvent } from '@/server/domain/webhooks/replay-event';
import { inTransaction } from '@/server/lib/after-commit';
import { signedUpCaller } from '@/tests/dashboard-helpers';
import { refused } from '@/tests/team-helpers';
import { assignNumber, inboundRows, receivedEvents, setInboundUrl } from '../carrier/inbound-helpers';
import { closePools, makeMerchant, restClient, testDeps, testEnv } from '../helpers';
import { startReceiver, type Receiver } from '../webhooks/receiver';

/**
 * D18 over REST: the sandbox's POST /inbound/simulate (the simulator's MO, down the carriers' path) and
 * GET /inbound, exact bodies per endpoint and status, each organization seeing only its own MO.
 */
const deps = testDeps();
const db = deps.db;
const call = restClient(deps);
let r: Receiver;
afterAll(async () => {
  await r.close();
  await closePools();
});

let m: Awaited<ReturnType<typeof makeMerchant>>;
let other: Awaited<ReturnType<typeof makeMerchant>>;
beforeAll(async () => {
  r = await startReceiver();
  m = await makeMerchant(db, deps.env, { prepaid: '10' });
  other = await makeMerchant(db, deps.env, { prepaid: '10' });
  await assignNumber(db, m, '243990101010');
  await assignNumber(db, m, '5151', 'Promo');
  await assignNumber(db, other, '5151');
  await assignNumber(db, other, '243990202020');
  await setInboundUrl(db, m.appId, `${r.url}/inbound`);
});

const simulate = (body: unknown, key = m.apiKey) => call('POST', '/inbound/simulate', { key, body });
const list = (query = '', key = m.apiKey) => call('GET', `/inbound${query}`, { key });

describe('POST /inbound/simulate (sandbox)', () => {
  it('202 {status_code, data: {inbound_id}}: stored with carrier simulator, sms.received posted to inbound_url with in_reply_to', async () => {
    const send = await call('POST', '/send', { key: m.apiKey, body: { to: ['+243812345678'], message: 'Reply YES' } });
    expect(send.status).toBe(201);
    const res = await simulate({ from: '+243812345678', to: '243990101010', text: 'Yes please' });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ status_code: 202, data: { inbound_id: expect.stringMatching(/^in_[0-9A-Za-z]{22}$/) } });
    expect(res.headers.get('ratelimit-limit')).toBe('60');
    const id = res.body.data.inbound_id;
    const [row] = await inboundRows(db, sql`id = ${id}`);
    expect(row).toMatchObject({ organization_id: m.organizationId, app_id: m.appId, carrier: 'simulator', encoding: 'gsm7', segments: 1, in_reply_to: send.body.data.message_id });
    await deliverDueWebhooks({ db, env: deps.env, now: () => new Date() });
    const hits = r.on('/inbound').filter((x) => x.json.inbound_id === id);
    expect(hits.map((x) => x.json.data)).toEqual([
      { from: '+243812345678', to: '243990101010', keyword: null, text: 'Yes please', encoding: 'gsm7', segments: 1, complete: true, received_at: expect.any(String), carrier: 'simulator', in_reply_to: send.body.data.message_id, opt_out: null },
    ]);

    // replay (D10): a new delivery of the same event to inbound_url
    const [event] = await receivedEvents(db, id);
    expect(await replayEvent(db, m.organizationId, event.id, new Date())).toMatch(/^whd_/);
    await deliverDueWebhooks({ db, env: deps.env, now: () => new Date() });
    expect(r.ofEvent(event.id).map((x) => x.path)).toEqual(['/inbound', '/inbound']);
  });

  it('a shared short code: the keyword picks the app (UCS-2 text, several parts); without it the catch-all is another organization: 400 1110', async () => {
    const long = `PROMO ${'😀'.repeat(40)}`;
    const res = await simulate({ from: '0812345678', to: '5151', text: long });
    expect(res.status).toBe(202);
    const [row] = await inboundRows(db, sql`id = ${res.body.data.inbound_id}`);
    expect(row).toMatchObject({ to_number: '5151', keyword: 'Promo', encoding: 'ucs2', segments: 2, from_phone: '+243812345678' });
    const refused = await simulate({ from: '0812345678', to: '5151', text: 'hello' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, status_code: 400, error_code: '1110', errors: [{ field: 'to', message: expect.any(String) }] });
  });

  it.each([
    ['an unknown number', { from: '+243812345678', to: '9999', text: 'Hi' }, '1110', ['to']],
    ["another organization's number", { from: '+243812345678', to: '243990202020', text: 'Hi' }, '1110', ['to']],
    ['a from that is no phone', { from: 'abc', to: '243990101010', text: 'Hi' }, '1110', ['from']],
    ['a from over 32 characters', { from: '1'.repeat(33), to: '243990101010', text: 'Hi' }, '1110', ['from']],
    ['a to with letters', { from: '+243812345678', to: '43a1', text: 'Hi' }, '1110', ['to']],
    ['a to of 16 digits', { from: '+243812345678', to: '1'.repeat(16), text: 'Hi' }, '1110', ['to']],
    ['a text over 1600 characters', { from: '+243812345678', to: '243990101010', text: 'é'.repeat(1601) }, '1110', ['text']],
    ['a text with NUL', { from: '+243812345678', to: '243990101010', text: 'a\u0000b' }, '1110', ['text']],
    ['text absent', { from: '+243812345678', to: '243990101010' }, '1101', ['text']],
    ['text not a string', { from: '+243812345678', to: '243990101010', text: 5 }, '1100', ['text']],
  ])('400: %s (nothing stored)', async (_, body, code, fields) => {
    const before = (await inboundRows(db)).length;
    const res = await simulate(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, status_code: 400, error_code: code });
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(fields);
    expect(await inboundRows(db)).toHaveLength(before);
  });

  it('an empty text and 1600 characters are MO too', async () => {
    expect((await simulate({ from: '+243812345678', to: '243990101010', text: '' })).status).toBe(202);
    expect((await simulate({ from: '+243812345678', to: '243990101010', text: 'é'.repeat(1600) })).status).toBe(202);
  });

  it('in production (a live deployment) the path answers 404 like an unknown one, with a live key or none', async () => {
    const liveEnv = testEnv({ SMS_ENV: 'live' });
    const live = restClient({ ...deps, env: liveEnv });
    const liveMerchant = await makeMerchant(db, liveEnv, { prepaid: '1', keyStatus: 'allowed' });
    await assignNumber(db, liveMerchant, '243990303030');
    const unknown = await live('POST', '/no/such/path', { key: liveMerchant.apiKey, body: {} });
    for (const key of [liveMerchant.apiKey, null]) {
      const res = await live('POST', '/inbound/simulate', { key, body: { from: '+243812345678', to: '243990303030', text: 'Hi' } });
      expect([res.status, res.body]).toEqual([404, unknown.body]);
    }
    expect(await inboundRows(db, sql`to_number = '243990303030'`)).toHaveLength(0);
    // GET /inbound is not sandbox-only
    expect((await live('GET', '/inbound', { key: liveMerchant.apiKey })).status).toBe(200);
  });
});

describe('GET /inbound', () => {
  let org: Awaited<ReturnType<typeof makeMerchant>>;
  const ids: string[] = [];
  beforeAll(async () => {
    org = await makeMerchant(db, deps.env, { prepaid: '1' });
    await assignNumber(db, org, '243990404040');
    await assignNumber(db, org, '7070');
    for (const [i, [from, to]] of [['+243811000001', '243990404040'], ['+243811000002', '7070'], ['+243811000001', '7070'], ['+243811000003', '243990404040'], ['+243811000001', '243990404040']].entries()) {
      const res = await simulate({ from, to, text: `message ${i}` }, org.apiKey);
      expect(res.status).toBe(202);
      ids.push(res.body.data.inbound_id);
      await db.execute(sql`update inbound_messages set received_at = ${`2026-11-${10 + i}T08:00:00.123456Z`}::timestamptz where id = ${res.body.data.inbound_id}`);
    }
  });
  const idsOf = (res: { body: { data: { items: Array<{ inbound_id: string }> } } }) => res.body.data.items.map((i) => i.inbound_id);

  it('newest first, items the event data plus inbound_id, in the status bucket; another organization sees none of them', async () => {
    const res = await list('', org.apiKey);
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-limit')).toBe('120');
    expect(idsOf(res)).toEqual([...ids].reverse());
    expect(res.body.data.items[0]).toEqual({
      inbound_id: ids[4], from: '+243811000001', to: '243990404040', keyword: null, text: 'message 4', encoding: 'gsm7', segments: 1,
      complete: true, received_at: '2026-11-14T08:00:00.123Z', carrier: 'simulator', in_reply_to: null, opt_out: null,
    });
    expect(Object.keys(res.body.data.items[0])).toEqual(['inbound_id', 'from', 'to', 'keyword', 'text', 'encoding', 'segments', 'complete', 'received_at', 'carrier', 'in_reply_to', 'opt_out']);
    expect(res.body.data.next_cursor).toBeNull();
    const theirs = idsOf(await list('', other.apiKey));
    expect(theirs.filter((id) => ids.includes(id))).toEqual([]);
    expect(idsOf(await list('?from=%2B243811000001', other.apiKey))).toEqual([]);
  });

  it('cursor pages cover the list once, in order, then next_cursor is null', async () => {
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await list(`?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, org.apiKey);
      expect(res.status).toBe(200);
      sizes.push(res.body.data.items.length);
      seen.push(...idsOf(res));
      cursor = res.body.data.next_cursor;
    } while (cursor);
    expect(sizes).toEqual([2, 2, 1]);
    expect(seen).toEqual([...ids].reverse());
  });

  it.each([
    ['from=%2B243811000001', [4, 2, 0]],
    ['from=0811000001', [4, 2, 0]],
    ['to=7070', [2, 1]],
    ['to=243990404040&from=%2B243811000003', [3]],
    ['received_since=2026-11-13T08:00:00.123456Z', [4, 3]],
    ['received_since=2026-11-13T08:00:00.124Z', [4]],
    ['received_since=2026-11-12', [4, 3, 2]],
    ['from=0811000009', []],
  ])('filter %s', async (query, expected) => {
    expect(idsOf(await list(`?${query}`, org.apiKey))).toEqual(expected.map((i) => ids[i]));
  });

  it.each([
    ['from=abc', 'from'],
    ['to=12', 'to'],
    ['received_since=yesterday', 'received_since'],
    ['received_since=2026-02-30', 'received_since'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['cursor=nonsense', 'cursor'],
  ])('400 1110: %s', async (query, field) => {
    const res = await list(`?${query}`, org.apiKey);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, status_code: 400, error_code: '1110' });
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
  });
});

describe('the operator console lists unrouted MO', () => {
  it('newest first, by pages; merchants are refused', async () => {
    const at = (i: number) => new Date(Date.UTC(2026, 10, 20, 8, i));
    const mo = (i: number) => ({ carrier: 'mno-a', connectorId: null, from: '+243811999999', to: `55${i}`, text: `lost ${i}`, encoding: 'gsm7' as const, segments: 1, complete: true, receivedAt: at(i) });
    const received = await inTransaction(db, (tx) => reportInbound(tx, [0, 1, 2].map(mo), new Date()));
    expect(received.map((x) => x.organizationId)).toEqual([null, null, null]);
    const op = await signedUpCaller(deps, { operator: true });
    const first = await op.api.operator.listUnroutedInbound({ limit: 2 });
    expect(first.items.map((x) => [x.text, x.to, x.carrier])).toEqual([['lost 2', '552', 'mno-a'], ['lost 1', '551', 'mno-a']]);
    const second = await op.api.operator.listUnroutedInbound({ limit: 2, cursor: first.next_cursor! });
    expect(second.items.map((x) => x.text)).toEqual(['lost 0']);
    const merchant = await signedUpCaller(deps);
    await refused(merchant.api.operator.listUnroutedInbound({}), 'FORBIDDEN');
  });
});
