import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { gatewayApps, KEY_STATUSES } from '@/db/schema';
import { setKeyStatus, rotateKey } from '@/server/domain/keys/manage-keys';
import { closePools, makeMerchant, restClient, testClock, testDeps, testEnv } from '../helpers';

const deps = testDeps();
const call = restClient(deps);
let merchant: Awaited<ReturnType<typeof makeMerchant>>;

beforeAll(async () => {
  merchant = await makeMerchant(deps.db, deps.env, { prepaid: '10' });
});
afterAll(closePools);

describe('app-key authentication (spec Authentication, D9)', () => {
  const fixed: Array<[string, string | null | undefined, number, string]> = [
    ['header absent', undefined, 401, 'Missing app-key header. Please provide a valid app-key.'],
    ['header empty', '', 401, 'Empty app-key header. Please provide a valid app-key.'],
    ['header blank', '   ', 401, 'Empty app-key header. Please provide a valid app-key.'],
    ['too short', 'sk_test_abc', 401, 'Invalid app-key. Please provide a valid app-key.'],
    ['wrong environment prefix', 'sk_live_' + 'a'.repeat(32), 401, 'Invalid app-key. Please provide a valid app-key.'],
    ['unknown prefix', 'pk_test_' + 'a'.repeat(32), 401, 'Invalid app-key. Please provide a valid app-key.'],
    ['well formed but unknown', 'sk_test_' + 'A1'.repeat(16), 401, 'Invalid app-key. Please provide a valid app-key.'],
    ['non-base62 body', 'sk_test_' + '-'.repeat(32), 401, 'Invalid app-key. Please provide a valid app-key.'],
  ];
  it.each(fixed)('%s -> 401 {detail}', async (_name, key, status, detail) => {
    const res = await call('GET', '/balance', { key });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ detail });
  });

  const statusTexts: Record<string, string> = {
    pending_validation: 'Gateway app is pending validation. Please contact support.',
    suspended: 'Gateway app is suspended. Please contact support.',
    revoqued: 'Gateway app has been revoked. Please contact support.',
    locked: 'Gateway app is locked. Please contact support.',
    expired: 'Gateway app has expired. Please contact support.',
    rejected: 'Gateway app has been rejected. Please contact support.',
  };
  it.each(Object.entries(statusTexts))('key status %s -> 403 with its text', async (status, detail) => {
    const m = await makeMerchant(deps.db, deps.env, { prepaid: '1', keyStatus: status as never });
    for (const path of ['/balance', '/calculate']) {
      const res = await call(path === '/balance' ? 'GET' : 'POST', path, { key: m.apiKey, body: path === '/balance' ? undefined : { mode: 'sms_to_amount', sms_count: 1 } });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail });
    }
  });

  it('covers all seven statuses', () => {
    expect([...KEY_STATUSES].sort()).toEqual(['allowed', ...Object.keys(statusTexts)].sort());
  });

  it('an allowed key authenticates; a status change applies on the next request', async () => {
    const m = await makeMerchant(deps.db, deps.env, { prepaid: '1' });
    expect((await call('GET', '/balance', { key: m.apiKey })).status).toBe(200);
    await setKeyStatus(deps.db, m.appId, 'suspended');
    expect((await call('GET', '/balance', { key: m.apiKey })).status).toBe(403);
    await setKeyStatus(deps.db, m.appId, 'allowed');
    expect((await call('GET', '/balance', { key: m.apiKey })).status).toBe(200);
  });

  it('rotation invalidates the old key immediately', async () => {
    const m = await makeMerchant(deps.db, deps.env, { prepaid: '1' });
    const fresh = await rotateKey(deps.db, m.appId, { secret: deps.env.APP_SECRET, environment: 'test' });
    expect(fresh).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    expect((await call('GET', '/balance', { key: m.apiKey })).body).toEqual({ detail: 'Invalid app-key. Please provide a valid app-key.' });
    expect((await call('GET', '/balance', { key: fresh })).status).toBe(200);
  });

  it('stores only a digest, prefix and last 4', async () => {
    const [row] = await deps.db.select().from(gatewayApps).where(eq(gatewayApps.id, merchant.appId));
    expect(row.keyPrefix).toBe('sk_test_');
    expect(row.keyLast4).toBe(merchant.apiKey.slice(-4));
    expect(row.keyDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(merchant.apiKey.slice(8));
  });

  it('a sandbox key is refused by a live deployment, and the reverse', async () => {
    const liveCall = restClient({ ...deps, env: testEnv({ SMS_ENV: 'live' }) });
    expect((await liveCall('GET', '/balance', { key: merchant.apiKey })).status).toBe(401);
    const liveMerchant = await makeMerchant(deps.db, testEnv({ SMS_ENV: 'live' }), { prepaid: '1', keyStatus: 'allowed' });
    expect(liveMerchant.apiKey).toMatch(/^sk_live_/);
    expect((await call('GET', '/balance', { key: liveMerchant.apiKey })).status).toBe(401);
    expect((await liveCall('GET', '/balance', { key: liveMerchant.apiKey })).status).toBe(200);
  });

  it('a live key starts pending_validation (D9)', async () => {
    const m = await makeMerchant(deps.db, testEnv({ SMS_ENV: 'live' }), { prepaid: '1' });
    expect(m.keyStatus).toBe('pending_validation');
  });

  it('writes last_used_at at most once a minute', async () => {
    const clock = testClock();
    const m = await makeMerchant(deps.db, deps.env, { prepaid: '1' });
    const timed = restClient({ ...deps, clock: clock.now });
    const lastUsed = async () =>
      (await deps.db.select({ t: gatewayApps.lastUsedAt }).from(gatewayApps).where(eq(gatewayApps.id, m.appId)))[0].t?.toISOString();
    expect(await lastUsed()).toBeUndefined();
    await timed('GET', '/balance', { key: m.apiKey });
    expect(await lastUsed()).toBe('2026-11-21T10:00:00.000Z');
    clock.advance(59_000);
    await timed('GET', '/balance', { key: m.apiKey });
    expect(await lastUsed()).toBe('2026-11-21T10:00:00.000Z');
    clock.advance(1_000);
    await timed('GET', '/balance', { key: m.apiKey });
    expect(await lastUsed()).toBe('2026-11-21T10:01:00.000Z');
  });

  it('a key check that fails for another reason than a lost database answers the spec 500 text; a lost database the 503', async () => {
    const gone = testDeps({ db: testDeps().db });
    await gone.db.$client.end();
    const lost = await restClient(gone)('GET', '/balance', { key: merchant.apiKey });
    expect(lost.status).toBe(503);
    expect(lost.headers.get('retry-after')).toBe('1');
    // A statement that fails in a database that answers: the key check's function is missing.
    await deps.db.execute(sql`alter function api_key_take rename to api_key_take_missing`);
    try {
      const res = await restClient(testDeps({ db: testDeps().db }))('GET', '/balance', { key: merchant.apiKey });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ detail: 'Authentication service temporarily unavailable. Please try again.' });
    } finally {
      await deps.db.execute(sql`alter function api_key_take_missing rename to api_key_take`);
    }
  });
});
