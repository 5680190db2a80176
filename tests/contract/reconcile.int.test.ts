import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePools, makeMerchant, restClient, testClock, testDeps } from '../helpers';

/**
 * D17: GET /messages and GET /messages/{id}/recipients, the caller's own
 * records by cursor pages, in the status rate-limit bucket.
 */
const clock = testClock(new Date('2026-11-21T10:00:00.000Z'));
const deps = testDeps({ clock: clock.now });
const db = deps.db;
const call = restClient(deps);
afterAll(closePools);

const VODACOM = '+243812345678'; // 0.0200
const ORANGE = '+243841234567'; // 0.0190
let m: Awaited<ReturnType<typeof makeMerchant>>;
let other: Awaited<ReturnType<typeof makeMerchant>>;
const ids: string[] = []; // oldest first
let scheduledId = '';

async function send(key: string, body: Record<string, unknown>) {
  const res = await call('POST', '/send', { key, body });
  expect(res.status).toBe(201);
  return res.body.data.message_id as string;
}

beforeAll(async () => {
  m = await makeMerchant(db, deps.env, { prepaid: '100' });
  other = await makeMerchant(db, deps.env, { prepaid: '100' });
  for (let i = 0; i < 5; i++) ids.push(await send(m.apiKey, { to: [VODACOM, ORANGE], message: `Hello ${i}` }));
  scheduledId = await send(m.apiKey, {
    to: [VODACOM],
    message: 'Later',
    sending_type: 'scheduled',
    scheduled_dates: [
      { date: '2026-12-24', time: '09:30' },
      { date: '2026-12-31', time: '18:00' },
    ],
  });
  ids.push(scheduledId);
  // Spread the creation times (ids of one millisecond would sort by id alone) and mark one send delivered.
  for (const [i, id] of ids.entries()) await db.execute(sql`update messages set created_at = ${`2026-11-2${i}T08:00:00Z`}::timestamptz, updated_at = ${`2026-11-2${i}T08:00:00Z`}::timestamptz where id = ${id}`);
  await db.execute(sql`update message_recipients set state = 'delivered', carrier = 'sim-vodacom', updated_at = '2026-11-22T09:00:00Z' where message_id = ${ids[1]}`);
  await db.execute(sql`update messages set picked_up = 2, delivered = 2, updated_at = '2026-11-22T09:00:00Z' where id = ${ids[1]}`);
  await send(other.apiKey, { to: [VODACOM], message: 'Not yours' });
});

const get = (path: string, key = m.apiKey) => call('GET', path, { key });

describe('GET /messages', () => {
  it('newest first, each item exactly what GET /status answers, in the status bucket', async () => {
    const res = await get('/messages');
    expect(res.status).toBe(200);
    expect(res.body.status_code).toBe(200);
    expect(res.body.data.items.map((i: { message_id: string }) => i.message_id)).toEqual([...ids].reverse());
    expect(res.body.data.next_cursor).toBeNull();
    for (const item of res.body.data.items) expect(item).toEqual((await get(`/status/${item.message_id}`)).body.data);
    expect(res.headers.get('ratelimit-limit')).toBe('120');
    const before = Number((await get('/messages?limit=1')).headers.get('ratelimit-remaining'));
    expect(Number((await get(`/status/${ids[0]}`)).headers.get('ratelimit-remaining'))).toBe(before - 1);
  });

  it('cursor pages cover every message once, in order, then next_cursor is null', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(`/messages?limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.data.items.length).toBeLessThanOrEqual(4);
      seen.push(...res.body.data.items.map((i: { message_id: string }) => i.message_id));
      cursor = res.body.data.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toEqual([...ids].reverse());
  });

  it.each([
    ['status=delivered', () => [ids[1]]],
    ['status=pending&sending_type=immediate', () => [ids[4], ids[3], ids[2], ids[0]]],
    ['sending_type=scheduled', () => [scheduledId]],
    ['created_from=2026-11-23T08:00:00Z', () => [ids[5], ids[4], ids[3]]],
    ['created_to=2026-11-21T08:00:00%2B00:00', () => [ids[1], ids[0]]],
    // Dates are whole days in the merchant timezone (Africa/Kinshasa, UTC+1): 08:00Z is 09:00 local.
    ['created_from=2026-11-22&created_to=2026-11-23', () => [ids[3], ids[2]]],
    ['updated_since=2026-11-22T09:00:00Z', () => [ids[5], ids[4], ids[3], ids[1]]],
  ])('filters: %s', async (query, expected) => {
    const res = await get(`/messages?${query}`);
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((i: { message_id: string }) => i.message_id)).toEqual(expected());
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['status=sent', 'status'],
    ['sending_type=later', 'sending_type'],
    ['created_from=2026-02-30', 'created_from'],
    ['created_from=2026-02-30T10:00:00Z', 'created_from'],
    ['created_to=yesterday', 'created_to'],
    ['updated_since=2026-11-22T09:00', 'updated_since'],
    ['cursor=not-a-cursor', 'cursor'],
    // the cursor's form with an instant that does not exist: refused, not cast by the statement (a 500)
    [`cursor=${Buffer.from('["2026-13-45 10:00:00+00","msg_a"]').toString('base64url')}`, 'cursor'],
    ['created_from=2026-11-25&created_to=2026-11-21', 'created_to'],
  ])('%s: 400, 1110 naming %s', async (query, field) => {
    const res = await get(`/messages?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, status_code: 400, error_code: '1110' });
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
  });

  it("another merchant's messages are never listed", async () => {
    const res = await get('/messages', other.apiKey);
    expect(res.body.data.items).toHaveLength(1);
    expect(ids).not.toContain(res.body.data.items[0].message_id);
  });

  it('needs the app-key', async () => {
    expect(await call('GET', '/messages')).toMatchObject({ status: 401, body: { detail: 'Missing app-key header. Please provide a valid app-key.' } });
  });
});

describe('GET /messages/{message_id}/recipients', () => {
  it('one item per recipient and dispatch, with price, segments, state and times', async () => {
    const res = await get(`/messages/${ids[1]}/recipients`);
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-limit')).toBe('120');
    expect(res.body).toEqual({
      status_code: 200,
      data: {
        items: [
          { phone: VODACOM, state: 'delivered', dispatch_at: null, price: 0.02, segments: 1, error_code: null, error_message: null, carrier: 'sim-vodacom', carrier_message_id: null, updated_at: '2026-11-22T09:00:00.000Z' },
          { phone: ORANGE, state: 'delivered', dispatch_at: null, price: 0.019, segments: 1, error_code: null, error_message: null, carrier: 'sim-vodacom', carrier_message_id: null, updated_at: '2026-11-22T09:00:00.000Z' },
        ],
        next_cursor: null,
      },
    });
  });

  it('a scheduled send lists each dispatch with its moment; pages and the state filter', async () => {
    const first = await get(`/messages/${scheduledId}/recipients?limit=1`);
    expect(first.body.data.items).toEqual([expect.objectContaining({ phone: VODACOM, state: 'pending', dispatch_at: '2026-12-24T08:30:00.000Z' })]);
    const second = await get(`/messages/${scheduledId}/recipients?limit=1&cursor=${first.body.data.next_cursor}`);
    expect(second.body.data.items).toEqual([expect.objectContaining({ dispatch_at: '2026-12-31T17:00:00.000Z' })]);
    expect(second.body.data.next_cursor).toBeNull();
    expect((await get(`/messages/${scheduledId}/recipients?state=delivered`)).body.data).toEqual({ items: [], next_cursor: null });
    expect((await get(`/messages/${scheduledId}/recipients?state=pending`)).body.data.items).toHaveLength(2);
  });

  it("an unknown id and another merchant's id: 404 {detail: 'Message not found'}", async () => {
    expect(await get(`/messages/${ids[0]}/recipients`, other.apiKey)).toMatchObject({ status: 404, body: { detail: 'Message not found' } });
    expect(await get('/messages/msg_nope/recipients')).toMatchObject({ status: 404, body: { detail: 'Message not found' } });
  });

  it.each([
    ['state=lost', 'state'],
    ['limit=500', 'limit'],
    ['cursor=%E2%9C%93', 'cursor'],
  ])('%s: 400, 1110 naming %s', async (query, field) => {
    const res = await get(`/messages/${ids[0]}/recipients?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
  });
});

describe('the OpenAPI document', () => {
  it('declares both endpoints with their query parameters', async () => {
    const doc = (await call('GET', '/openapi.json')).body;
    const list = doc.paths['/messages'].get;
    expect(list.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort()).toEqual(
      ['query:created_from', 'query:created_to', 'query:cursor', 'query:limit', 'query:sending_type', 'query:status', 'query:updated_since'].sort(),
    );
    const recipients = doc.paths['/messages/{message_id}/recipients'].get;
    expect(recipients.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort()).toEqual(['path:message_id', 'query:cursor', 'query:limit', 'query:state']);
    expect(Object.keys(recipients.responses)).toEqual(expect.arrayContaining(['200', '401', '404', '429']));
  });
});
