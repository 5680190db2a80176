import { afterAll, describe, expect, it } from 'vitest';
import { setRateLimits } from '@/server/domain/keys/manage-keys';
import { closePools, makeMerchant, restClient, testDeps } from '../helpers';

/**
 * D7/D8 at the edges: the key and the rate-limit slot are checked before the
 * body is read, so a request without a valid key is a 401 and a suspended key
 * a 1302 whatever its body, and the body-parsing 400s and 413s of a limited
 * endpoint carry RateLimit-* like every other answer. Before, the body was
 * parsed first: no key + malformed JSON answered 400.
 */
const deps = testDeps();
const call = restClient(deps);
afterAll(closePools);

const MALFORMED = '{"to": ["+243812345678"], "message": ';
const HUGE = JSON.stringify({ to: ['+243812345678'], message: 'x'.repeat(300 * 1024) });

describe('the key and the slot come before the body', () => {
  it.each([
    ['no key', undefined, 401, { detail: 'Missing app-key header. Please provide a valid app-key.' }],
    ['a wrong key', 'sk_test_0000000000000000000000000000wxyz', 401, { detail: 'Invalid app-key. Please provide a valid app-key.' }],
  ])('%s + a malformed body: 401 with the auth text', async (_what, key, status, body) => {
    for (const path of ['/send', '/calculate']) {
      const res = await call('POST', path, { key, rawBody: MALFORMED, headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(status);
      expect(res.body).toEqual(body);
    }
  });

  it('no key + a body over 256 KB: 401, not 413', async () => {
    const res = await call('POST', '/send', { rawBody: HUGE, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(401);
  });

  it('a suspended key gets 1302 whatever the body', async () => {
    const m = await makeMerchant(deps.db, deps.env, { prepaid: '1' });
    await setRateLimits(deps.db, m.appId, { send: 0 });
    // 31 refusals within 60 s suspend the key (D8).
    for (let i = 0; i < 31; i++) await call('POST', '/send', { key: m.apiKey, body: { to: ['+243812345678'], message: 'x' } });
    for (const rawBody of [MALFORMED, HUGE, '[]', '']) {
      const res = await call('POST', '/send', { key: m.apiKey, rawBody, headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ error_code: '1302', retry_after: expect.any(Number) });
      expect(res.headers.get('retry-after')).toBe(String(res.body.retry_after));
    }
  });

  it('a malformed body and an oversized one with a valid key carry RateLimit-* and take a slot', async () => {
    const m = await makeMerchant(deps.db, deps.env, { prepaid: '1' });
    const bad = await call('POST', '/send', { key: m.apiKey, rawBody: MALFORMED, headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error_code: '1100' });
    expect([bad.headers.get('ratelimit-limit'), bad.headers.get('ratelimit-remaining')]).toEqual(['60', '59']);
    const big = await call('POST', '/send', { key: m.apiKey, rawBody: HUGE, headers: { 'content-type': 'application/json' } });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ error_code: '1103' });
    expect([big.headers.get('ratelimit-limit'), big.headers.get('ratelimit-remaining')]).toEqual(['60', '58']);
    const detail = await call('POST', '/calculate', { key: m.apiKey, rawBody: 'not json', headers: { 'content-type': 'application/json' } });
    expect(detail.status).toBe(400);
    expect(detail.body).toEqual({ detail: 'The request body must be valid JSON.' });
    expect(detail.headers.get('ratelimit-limit')).toBe('60');
  });
});
