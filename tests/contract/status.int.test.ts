import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, getTableName, sql } from 'drizzle-orm';
import type postgres from 'postgres';
import { gatewayApps } from '@/db/schema';
import { createCaller } from '@/server/api/root';
import { createContext, type Deps } from '@/server/api/trpc';
import { messages } from '@/db/schema';
import { MessageStatus } from '@/shared/contracts/send';
import { setKeyStatus, setRateLimits } from '@/server/domain/keys/manage-keys';
import { toMessageStatus } from '@/server/domain/messages/get-status';
import { AUTH_FAIL_LIMIT } from '@/server/domain/rate-limits/auth-throttle';
import { closePools, makeMerchant, restClient, testClock, testDeps } from '../helpers';

/**
 * GET /status/{id} on the REST API is one round trip (issue 16): the message is read in the statement that
 * checks the key and takes its slot (Meta.keyedRead), and the procedure answers from that row through its
 * output schema, with or without a query string. An id that cannot exist is the key check alone and a 404.
 * Checked here: the answers, the order of checks (D7, D8), the RateLimit-* headers, and 404 for another
 * merchant's message.
 */
const clock = testClock(new Date('2026-11-21T10:00:00.000Z'));
const base = testDeps({ clock: clock.now });

/** The statements the REST core sends through the pool's client itself (the key check, with the keyed read). */
const statements: string[] = [];
function recording(deps: Deps): Deps {
  const client = new Proxy(deps.db.$client, {
    get(target, prop, receiver) {
      if (prop !== 'unsafe') return Reflect.get(target, prop, receiver);
      return (query: string, ...rest: unknown[]) => {
        statements.push(query);
        return (target.unsafe as (...a: unknown[]) => unknown)(query, ...rest);
      };
    },
  }) as postgres.Sql;
  const db = new Proxy(deps.db, { get: (target, prop, receiver) => (prop === '$client' ? client : Reflect.get(target, prop, receiver)) });
  return { ...deps, db };
}
const deps = recording(base);
const call = restClient(deps);
afterAll(closePools);

type Merchant = Awaited<ReturnType<typeof makeMerchant>>;
let a: Merchant;
let b: Merchant;
let aMessage: string;
let bMessage: string;

async function sendOne(m: Merchant, body: Record<string, unknown> = {}): Promise<string> {
  const res = await call('POST', '/send', { key: m.apiKey, body: { to: ['+243812345678', '+243841234567'], message: 'x', ...body } });
  expect(res.status).toBe(201);
  return res.body.data.message_id;
}

/** The answer as sent: status, raw body text, and the headers but Date and RateLimit-Remaining. */
async function raw(path: string, key?: string) {
  const res = await fetch(`${await call.origin()}/api/v1/svc/sms-api${path}`, { headers: key === undefined ? {} : { 'app-key': key } });
  const headers = Object.fromEntries([...res.headers].filter(([k]) => k !== 'date' && k !== 'ratelimit-remaining'));
  return { status: res.status, body: await res.text(), headers, remaining: res.headers.get('ratelimit-remaining') };
}

const isKeyedRead = (q: string) => q.includes('api_key_take(') && q.includes(`left join "${getTableName(messages)}" m on k.allowed`);

beforeAll(async () => {
  a = await makeMerchant(base.db, base.env, { prepaid: '10' });
  b = await makeMerchant(base.db, base.env, { prepaid: '10' });
  aMessage = await sendOne(a);
  bMessage = await sendOne(b);
});

describe('GET /status/{id}: one round trip, the procedure\'s answers', () => {
  // Message rows in every aggregate state, with timestamps finer than a millisecond.
  const states: Array<[string, string]> = [
    ['fresh', ''],
    ['processing', 'picked_up = 1'],
    ['delivered', 'picked_up = 2, delivered = 2, dispatches_done = 1'],
    ['failed', 'picked_up = 2, failed = 2, dispatches_done = 1'],
    ['partially delivered', 'picked_up = 2, delivered = 1, failed = 1, dispatches_done = 1'],
    ['paused', "control_state = 'paused'"],
    ['cancelled', "control_state = 'cancelled', cancelled = 2"],
    ['all skipped', 'cancelled = 2, dispatches_done = 1'],
    [
      'odd times and cost',
      "created_at = '2026-11-21 10:00:00.123456+00', updated_at = '2026-11-21 11:22:33.999999+00', next_dispatch_at = '2031-01-02 03:04:05.5+00', total_cost = 0.0195",
    ],
    ['refunded', 'picked_up = 2, delivered = 1, failed = 1, dispatches_done = 1, refunded_amount = 0.0195'],
  ];
  it.each(states)('%s: one statement, answered byte for byte as toMessageStatus makes the row', async (_state, set) => {
    const id = await sendOne(a);
    if (set) await base.db.execute(sql.raw(`update messages set ${set} where id = '${id}'`));
    await raw(`/status/${id}`, a.apiKey); // last_used_at is written once a minute: not in what follows
    statements.length = 0;
    const one = await raw(`/status/${id}`, a.apiKey);
    expect(statements.length).toBe(1);
    expect(isKeyedRead(statements[0])).toBe(true);
    statements.length = 0;
    const withQuery = await raw(`/status/${id}?via=query`, a.apiKey);
    expect(statements.length).toBe(1);
    expect(isKeyedRead(statements[0])).toBe(true);
    expect(one.status).toBe(200);
    expect(one).toEqual({ ...withQuery, remaining: String(Number(withQuery.remaining) + 1) });
    const [row] = await base.db.select().from(messages).where(eq(messages.id, id));
    expect(one.body).toBe(JSON.stringify({ status_code: 200, data: MessageStatus.parse(toMessageStatus(row)) }));
  });

  it('a server-side caller runs the same procedure: the same one statement, the same answers', async () => {
    const id = await sendOne(a);
    const caller = createCaller(createContext(deps, { get: (name) => (name === 'app-key' ? a.apiKey : null) }));
    statements.length = 0;
    const data = await caller.messages.getStatus({ message_id: id });
    expect(statements.length).toBe(1);
    expect(isKeyedRead(statements[0])).toBe(true);
    const [row] = await base.db.select().from(messages).where(eq(messages.id, id));
    expect(data).toEqual(MessageStatus.parse(toMessageStatus(row)));
    for (const other of [bMessage, 'msg_doesnotexist', '%00']) {
      await expect(caller.messages.getStatus({ message_id: other })).rejects.toMatchObject({ cause: { errorName: 'MESSAGE_NOT_FOUND' } });
    }
  });

  it('names the exact fields and values of a fresh send', async () => {
    const res = await call('GET', `/status/${aMessage}`, { key: a.apiKey });
    expect(res.body).toEqual({
      status_code: 200,
      data: {
        message_id: aMessage,
        status: 'pending',
        total_recipients: 2,
        delivered: 0,
        failed: 0,
        pending: 2,
        cancelled: 0,
        created_at: '2026-11-21T10:00:00.000Z',
        updated_at: '2026-11-21T10:00:00.000Z',
        sending_type: 'immediate',
        total_messages: 2,
        total_cost: 0.039,
        refunded_amount: 0,
        currency: 'USD',
        dispatches_total: 1,
        dispatches_done: 0,
        next_dispatch_at: '2026-11-21T10:00:00.000Z',
      },
    });
    expect([res.headers.get('ratelimit-limit'), res.headers.get('ratelimit-reset')]).toEqual(['120', '60']);
  });

  it('another merchant\'s message, an unknown id and ids the database would refuse: the same 404, each taking a slot', async () => {
    const m = await makeMerchant(base.db, base.env, { prepaid: '1' });
    const missing = await raw('/status/msg_doesnotexist', m.apiKey);
    expect(missing.status).toBe(404);
    expect(missing.body).toBe('{"detail":"Message not found"}');
    expect(missing.headers['ratelimit-limit']).toBe('120');
    let remaining = Number(missing.remaining);
    expect(remaining).toBe(119);
    for (const id of [aMessage, bMessage, 'x'.repeat(300), '%00', 'msg_%00', 'msg_%FF', '%FF%FE', 'msg_abc%2Fdef', `msg_${'a'.repeat(65)}`]) {
      const res = await raw(`/status/${id}`, m.apiKey);
      expect({ id, ...res }).toEqual({ id, ...missing, remaining: String(--remaining) });
    }
  });

  it('the key\'s answer comes first, whether the message is the key\'s own, another merchant\'s or none', async () => {
    const ids = [aMessage, bMessage, 'msg_doesnotexist', '%00'];
    const cases: Array<[string, string | undefined, number, string]> = [
      ['no key', undefined, 401, 'Missing app-key header. Please provide a valid app-key.'],
      ['an empty key', '', 401, 'Empty app-key header. Please provide a valid app-key.'],
      ['a malformed key', 'sk_test_abc', 401, 'Invalid app-key. Please provide a valid app-key.'],
      ['an unknown key', `sk_test_${'A1'.repeat(16)}`, 401, 'Invalid app-key. Please provide a valid app-key.'],
    ];
    for (const [what, key, status, detail] of cases) {
      for (const id of ids) {
        const res = await raw(`/status/${id}`, key);
        expect({ what, id, status: res.status, body: res.body, limit: res.headers['ratelimit-limit'] }).toEqual({ what, id, status, body: JSON.stringify({ detail }), limit: undefined });
      }
    }
  });

  it('a key recorded for the other environment: 401, and its message is not read', async () => {
    const m = await makeMerchant(base.db, base.env, { prepaid: '10' });
    const own = await sendOne(m);
    await base.db.update(gatewayApps).set({ environment: 'live' }).where(eq(gatewayApps.id, m.appId));
    const res = await raw(`/status/${own}`, m.apiKey);
    expect([res.status, res.body, res.remaining]).toEqual([401, '{"detail":"Invalid app-key. Please provide a valid app-key."}', null]);
  });

  it.each(['pending_validation', 'suspended', 'revoqued', 'locked', 'expired', 'rejected'] as const)(
    'a key in status %s: 403 for its own message as for any other id, no slot taken',
    async (status) => {
      const m = await makeMerchant(base.db, base.env, { prepaid: '10' });
      const own = await sendOne(m);
      await setKeyStatus(base.db, m.appId, status);
      const answers = await Promise.all([own, bMessage, 'msg_doesnotexist', '%00'].map((id) => raw(`/status/${id}`, m.apiKey)));
      for (const res of answers) {
        expect(res.status).toBe(403);
        expect(JSON.parse(res.body).detail).toMatch(/^Gateway app (is|has) .* Please contact support\.$/);
        expect(res.body).toBe(answers[0].body);
        expect(res.headers['ratelimit-limit']).toBeUndefined();
      }
      await setKeyStatus(base.db, m.appId, 'allowed');
      expect((await raw(`/status/${own}`, m.apiKey)).remaining).toBe('119');
    },
  );

  it('over the limit: 429 with the exact envelope and headers for the key\'s own message, then 1302 once suspended', async () => {
    const m = await makeMerchant(base.db, base.env, { prepaid: '10' });
    const own = await sendOne(m);
    await setRateLimits(base.db, m.appId, { status: 2 });
    expect((await raw(`/status/${own}`, m.apiKey)).remaining).toBe('1');
    expect((await raw('/status/msg_doesnotexist', m.apiKey)).remaining).toBe('0');
    const limited = await call('GET', `/status/${own}`, { key: m.apiKey });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      success: false,
      status_code: 429,
      error_code: '1301',
      message: 'Rate limit exceeded. Retry after the number of seconds in retry_after.',
      detail: 'Rate limit exceeded. Retry after the number of seconds in retry_after.',
      retry_after: 60,
    });
    expect(['retry-after', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'].map((h) => limited.headers.get(h))).toEqual(['60', '2', '0', '60']);
    // The same refusal with a query string, and for an id that cannot exist (the key check without the read).
    for (const path of [`/status/${own}?x=1`, '/status/%00']) {
      const res = await raw(path, m.apiKey);
      expect([res.status, JSON.parse(res.body), res.headers['retry-after'], res.remaining]).toEqual([429, limited.body, '60', '0']);
    }
    // The 31st refusal within 60 s suspends the key (D8): the answers after it are 1302.
    for (let i = 3; i < 31; i++) expect((await raw(`/status/${own}`, m.apiKey)).status).toBe(429);
    const suspended = await call('GET', `/status/${own}`, { key: m.apiKey });
    expect(suspended.status).toBe(429);
    expect(suspended.body).toMatchObject({ success: false, status_code: 429, error_code: '1302', retry_after: 300 });
    expect(suspended.headers.get('retry-after')).toBe('300');
  });

  it('writes last_used_at on the one-statement path too', async () => {
    const m = await makeMerchant(base.db, base.env, { prepaid: '10' });
    const own = await sendOne(m);
    await base.db.update(gatewayApps).set({ lastUsedAt: null }).where(eq(gatewayApps.id, m.appId));
    expect((await raw(`/status/${own}`, m.apiKey)).status).toBe(200);
    const [row] = await base.db.select({ t: gatewayApps.lastUsedAt }).from(gatewayApps).where(eq(gatewayApps.id, m.appId));
    expect(row.t?.toISOString()).toBe('2026-11-21T10:00:00.000Z');
  });

  it('wrong keys count against the client address: past the limit, 429 instead of 401', async () => {
    const attacker = { 'x-forwarded-for': '192.0.2.77' };
    const bad = (i: number) => `sk_test_${String(i).padStart(32, 'Z')}`;
    const answers: number[] = [];
    for (let i = 0; i <= AUTH_FAIL_LIMIT; i++) answers.push((await call('GET', `/status/${aMessage}`, { key: bad(i), headers: attacker })).status);
    expect(answers).toEqual([...Array(AUTH_FAIL_LIMIT).fill(401), 429]);
    expect((await call('GET', `/status/${aMessage}`, { key: a.apiKey, headers: attacker })).status).toBe(200);
  });
});
