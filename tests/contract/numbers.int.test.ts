import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@/server/domain/keys/create-app';
import { assignNumber } from '@/server/domain/numbers/assign-number';
import { releaseNumber } from '@/server/domain/numbers/release-number';
import { closePools, makeMerchant, restClient, testDeps } from '../helpers';

/**
 * D18, GET /numbers: the numbers assigned to the caller's organization's apps (whichever of its apps holds
 * them), exact body, ordered by number with a short code's catch-all first; another organization's numbers,
 * on the same short code included, never show.
 */
const deps = testDeps();
const db = deps.db;
const call = restClient(deps);
afterAll(closePools);

let acme: Awaited<ReturnType<typeof makeMerchant>>;
let acmeSecondApp: string;
let other: Awaited<ReturnType<typeof makeMerchant>>;
let empty: Awaited<ReturnType<typeof makeMerchant>>;

beforeAll(async () => {
  acme = await makeMerchant(db, deps.env);
  other = await makeMerchant(db, deps.env);
  empty = await makeMerchant(db, deps.env);
  acmeSecondApp = (await createApp(db, { organizationId: acme.organizationId, name: 'Second', environment: 'test', secret: deps.env.APP_SECRET, actor: 'test' })).app.id;
  const assign = (appId: string, number: string, keyword: string | null = null) => assignNumber(db, { appId, number, keyword, actor: 'test' });
  await assign(acme.appId, '4321', 'Shop');
  await assign(acmeSecondApp, '4321');
  await assign(acme.appId, '243812345678');
  await assign(other.appId, '4321', 'PROMO');
  await assign(other.appId, '243899999999');
});

const get = (key: string) => call('GET', '/numbers', { key });

describe('GET /numbers', () => {
  it("200: the organization's numbers of every app, exact items, in the status bucket", async () => {
    const res = await get(acme.apiKey);
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-limit')).toBe('120');
    expect(res.body).toEqual({
      status_code: 200,
      data: {
        items: [
          { number: '243812345678', keyword: null, app_id: acme.appId },
          { number: '4321', keyword: null, app_id: acmeSecondApp },
          { number: '4321', keyword: 'Shop', app_id: acme.appId },
        ],
      },
    });
  });

  it("another organization sees only its own, the same short code's other keywords hidden", async () => {
    expect((await get(other.apiKey)).body).toEqual({
      status_code: 200,
      data: { items: [{ number: '243899999999', keyword: null, app_id: other.appId }, { number: '4321', keyword: 'PROMO', app_id: other.appId }] },
    });
  });

  it('200 with no items for an organization without numbers', async () => {
    expect((await get(empty.apiKey)).body).toEqual({ status_code: 200, data: { items: [] } });
  });

  it('a released number disappears', async () => {
    await releaseNumber(db, { number: '4321', keyword: 'shop', actor: 'test' });
    expect((await get(acme.apiKey)).body.data.items).toEqual([
      { number: '243812345678', keyword: null, app_id: acme.appId },
      { number: '4321', keyword: null, app_id: acmeSecondApp },
    ]);
  });

  it.each([
    ['no key', undefined, 'Missing app-key header. Please provide a valid app-key.'],
    ['an unknown key', 'sk_test_' + 'x'.repeat(32), 'Invalid app-key. Please provide a valid app-key.'],
  ])('401: %s', async (_, key, detail) => {
    const res = await call('GET', '/numbers', { key });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail });
  });
});
