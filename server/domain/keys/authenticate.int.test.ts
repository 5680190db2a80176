import { afterAll, describe, expect, it } from 'vitest';
import { authorizeRequest } from '@/server/domain/keys/authenticate';
import { DEFAULT_LIMITS } from '@/server/domain/rate-limits/take-slot';
import { closePools, makeMerchant, testDb, testEnv } from '@/tests/helpers';

/**
 * authorizeRequest runs api_key_take as one fixed SQL text: through postgres.js on the pool, through drizzle
 * inside a transaction (no $client there). Both must answer the same app and take exactly one slot each.
 */
const db = testDb();
const env = testEnv();
afterAll(closePools);

describe('authorizeRequest on the pool and in a transaction', () => {
  it('answers the same app, takes one slot per call, and refuses a wrong key on both', async () => {
    const m = await makeMerchant(db, env);
    const now = new Date('2026-11-21T10:00:00.000Z');
    const opts = { secret: env.APP_SECRET, environment: env.SMS_ENV, now, slot: { bucket: 'status' as const, now } };
    const onPool = await authorizeRequest(db, m.apiKey, opts);
    const inTx = await db.transaction((tx) => authorizeRequest(tx, m.apiKey, opts));
    expect(onPool.app).toEqual(inTx.app);
    expect(onPool.app).toMatchObject({ appId: m.appId, organizationId: m.organizationId, environment: env.SMS_ENV });
    expect(onPool.slot).toEqual({
      limit: DEFAULT_LIMITS.status,
      remaining: DEFAULT_LIMITS.status - 1,
      resetSeconds: 60,
      headers: { 'RateLimit-Limit': String(DEFAULT_LIMITS.status), 'RateLimit-Remaining': String(DEFAULT_LIMITS.status - 1), 'RateLimit-Reset': '60' },
    });
    expect(inTx.slot?.remaining).toBe(DEFAULT_LIMITS.status - 2);

    const wrong = `${m.apiKey.slice(0, -1)}${m.apiKey.endsWith('a') ? 'b' : 'a'}`;
    await expect(authorizeRequest(db, wrong, opts)).rejects.toMatchObject({ errorName: 'AUTH_INVALID_KEY' });
    await expect(db.transaction((tx) => authorizeRequest(tx, wrong, opts))).rejects.toMatchObject({ errorName: 'AUTH_INVALID_KEY' });
  });
});
