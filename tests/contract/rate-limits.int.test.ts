import { afterAll, describe, expect, it } from 'vitest';
import { setRateLimits } from '@/server/domain/keys/manage-keys';
import { closePools, makeMerchant, restClient, testClock, testDb, testDeps } from '../helpers';

afterAll(closePools);

function setup() {
  const clock = testClock();
  const deps = testDeps({ clock: clock.now });
  return { clock, deps, call: restClient(deps) };
}

const balance = (call: ReturnType<typeof restClient>, key: string) => call('GET', '/balance', { key });

describe('rate limits (D8): exact sliding 60 s windows shared through Postgres', () => {
  it('accepts 30 balance calls, then answers 429 with the envelope and Retry-After', async () => {
    const { clock, deps, call } = setup();
    const m = await makeMerchant(deps.db, deps.env, { prepaid: '1' });
    for (let i = 0; i < 30; i++) {
      const res = await balance(call, m.apiKey);
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-remaining')).toBe(String(29 - i));
      clock.advance(1000); // 30 calls spread over 30 s
    }
    const res = await balance(call, m.apiKey);
    expect(res.status).toBe(429);
    // the first call (t=0) leaves the window at t=60; now is t=30
    expect(res.body).toEqual({
      success: false,
      status_code: 429,
      error_code: '1301',
      message: 'Rate limit exceeded. Retry after the number of seconds in retry_after.',
      detail: 'Rate limit exceeded. Retry after the number of seconds in retry_after.',
      retry_after: 30,
    });
    expect(res.headers.get('retry-after')).toBe('30');
    expect(res.headers.get('ratelimit-limit')).toBe('30');
    expect(res.headers.get('ratelimit-remaining')).toBe('0');
    expect(res.headers.get('ratelimit-reset')).toBe('30');
  });

  it('slides continuously: a slot frees exactly when the oldest request is 60 s old', async () => {
    const { clock, deps, call } = setup();
    const m = await makeMerchant(deps.db, deps.env, { prepaid: '1' });
    for (let i = 0; i < 10; i++) expect((await balance(call, m.apiKey)).status).toBe(200); // t=0
    clock.advance(30_000);
    for (let i = 0; i < 20; i++) expect((await balance(call, m.apiKey)).status).toBe(200); // t=30
    clock.advance(29_999); // t=59.999
    const early = await balance(call, m.apiKey);
    expect(early.status).toBe(429);
    expect(early.body.retry_after).toBe(1);
    clock.advance(1); // t=60: the ten t=0 calls have left the window
    for (let i = 0; i < 10; i++) expect((await balance(call, m.apiKey)).status).toBe(200);
    const full = await balance(call, m.apiKey);
    expect(full.status).toBe(429);
    expect(full.body.retry_after).toBe(30); // next to leave: the t=30 calls, at t=90
  });

  it('rejected requests take no slot', async () => {
    const { clock, deps, call } = setup();
    const m = await makeMerchant(deps.db, deps.env, { prepaid: '1' });
    for (let i = 0; i < 30; i++) await balance(call, m.apiKey);
    clock.advance(10_000);
    for (let i = 0; i < 5; i++) expect((await balance(call, m.apiKey)).status).toBe(429);
    clock.advance(50_000); // t=60: all 30 accepted calls expire; the 5 rejections never counted
    for (let i = 0; i < 30; i++) expect((await balance(call, m.apiKey)).status).toBe(200);
  });

  it('more than 30 rejections within 60 s suspend the key for 300 s with 1302', async () => {
    const { clock, deps, call } = setup();
    const m = await makeMerchant(deps.db, deps.env, { prepaid: '1' });
    for (let i = 0; i < 30; i++) await balance(call, m.apiKey);
    for (let i = 0; i < 31; i++) {
      const res = await balance(call, m.apiKey);
      expect(res.body.error_code).toBe('1301');
    }
    const suspended = await balance(call, m.apiKey);
    expect(suspended.status).toBe(429);
    expect(suspended.body).toMatchObject({ success: false, status_code: 429, error_code: '1302', retry_after: 300 });
    expect(suspended.headers.get('retry-after')).toBe('300');
    // every limited endpoint of the key is suspended, not only the full bucket
    const calc = await call('POST', '/calculate', { key: m.apiKey, body: { mode: 'sms_to_amount', sms_count: 1 } });
    expect(calc.body).toMatchObject({ error_code: '1302', retry_after: 300 });
    clock.advance(299_000);
    expect((await balance(call, m.apiKey)).body).toMatchObject({ error_code: '1302', retry_after: 1 });
    clock.advance(1_000);
    expect((await balance(call, m.apiKey)).status).toBe(200);
  });

  it('30 rejections within 60 s do not suspend', async () => {
    const { deps, call } = setup();
    const m = await makeMerchant(deps.db, deps.env, { prepaid: '1' });
    for (let i = 0; i < 30; i++) await balance(call, m.apiKey);
    for (let i = 0; i < 30; i++) expect((await balance(call, m.apiKey)).body.error_code).toBe('1301');
    expect((await call('POST', '/calculate', { key: m.apiKey, body: { mode: 'sms_to_amount', sms_count: 1 } })).status).toBe(200);
  });

  it('buckets are independent per bucket and per key', async () => {
    const { deps, call } = setup();
    const a = await makeMerchant(deps.db, deps.env, { prepaid: '1' });
    const b = await makeMerchant(deps.db, deps.env, { prepaid: '1' });
    for (let i = 0; i < 30; i++) await balance(call, a.apiKey);
    expect((await balance(call, a.apiKey)).status).toBe(429);
    expect((await balance(call, b.apiKey)).status).toBe(200);
    const calc = await call('POST', '/calculate', { key: a.apiKey, body: { mode: 'sms_to_amount', sms_count: 1 } });
    expect(calc.status).toBe(200);
    expect(calc.headers.get('ratelimit-limit')).toBe('60');
  });

  it('per-app overrides apply, and two instances of the service share one window', async () => {
    const clock = testClock();
    const one = testDeps({ clock: clock.now });
    const two = testDeps({ db: testDb(), clock: clock.now }); // a second pool, as a second web process has
    const callOne = restClient(one);
    const callTwo = restClient(two);
    const m = await makeMerchant(one.db, one.env, { prepaid: '1' });
    await setRateLimits(one.db, m.appId, { balance: 4 });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await (i % 2 ? callTwo : callOne)('GET', '/balance', { key: m.apiKey })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const res = await callTwo('GET', '/balance', { key: m.apiKey });
    expect(res.headers.get('ratelimit-limit')).toBe('4');
  });

  it('is exact under concurrency: 50 parallel calls, 30 accepted', async () => {
    const deps = testDeps({ db: testDb() });
    const call = restClient(deps);
    const m = await makeMerchant(deps.db, deps.env, { prepaid: '1' });
    const results = await Promise.all(Array.from({ length: 50 }, () => balance(call, m.apiKey)));
    const counts = results.reduce<Record<number, number>>((acc, r) => ((acc[r.status] = (acc[r.status] ?? 0) + 1), acc), {});
    expect(counts).toEqual({ 200: 30, 429: 20 });
  });
});
