// What a balance buys (D2, D13): the Overview, the Wallet and the Calculator count it at the same price, the mean
// of the effective rows a send charges by, and say which; GET /balance keeps the spec's default-price figure.
import { afterAll, describe, expect, it } from 'vitest';
import { replacePlatformPrices } from '@/server/domain/pricing/platform-prices';
import { closePools, restClient, testDeps } from '../helpers';
import { signedUpCaller } from '../dashboard-helpers';

const deps = testDeps();
const call = restClient(deps);
afterAll(closePools);

type Api = Awaited<ReturnType<typeof signedUpCaller>>['api'];

/** The three pages' figures for the same wallet: Overview, Wallet, and the Calculator's conversion of that balance. */
async function pages(api: Api, balance: number) {
  const [overview, wallet] = await Promise.all([api.messages.overview(), api.wallets.overview()]);
  const calculator = await api.pricing.estimate({ mode: 'amount_to_sms', amount: balance }).then(
    (r) => r.sms_count,
    () => null,
  );
  return { overview: overview.balance?.buys, wallet: wallet.buys, calculator };
}

describe('what the balance buys', () => {
  it('a new sign-up with $20 on the platform list: 1,081 SMS on every page, at the networks’ average', async () => {
    const { api } = await signedUpCaller(deps);
    await api.wallets.topUp({ wallet: 'prepaid', amount: '20' });
    const buys = { sms: 1081, price: 0.0185, basis: 'networks_average', networks: 4, source: 'platform', lowest: 0.017, highest: 0.02 };
    expect(await pages(api, 20)).toEqual({ overview: buys, wallet: buys, calculator: 1081 });
    expect((await api.wallets.overview()).default_price).toBe(0.01);
    expect((await api.messages.overview()).balance?.default_price).toBe(0.01);

    // GET /balance keeps D2: unit_price is the default price, available_sms floor(balance / unit_price).
    const { api_key } = await api.keys.create({ name: 'Shop' });
    const balance = await call('GET', '/balance', { key: api_key });
    expect(balance.body.data).toMatchObject({ balance: 20, unit_price: 0.01, available_sms: 2000 });
    const calc = await call('POST', '/calculate', { key: api_key, body: { mode: 'amount_to_sms', amount: 20 } });
    expect(calc.body.data).toMatchObject({ sms_count: 1081, average_price: 0.0185 });
  });

  it('own rows: their average, postpaid counted in the balance', async () => {
    const op = await signedUpCaller(deps, { operator: true });
    const m = await signedUpCaller(deps);
    await op.api.operator.setPrices({
      organizationId: m.organizationId,
      defaultPrice: '0.05',
      rows: [
        { country: 'CD', network: 'Vodacom', prefixes: '24381', price: '0.03' },
        { country: 'CD', network: 'Orange', prefixes: '24384', price: '0.0201' },
      ],
    });
    await m.api.wallets.topUp({ wallet: 'prepaid', amount: '7.5' });
    await m.api.wallets.topUp({ wallet: 'postpaid', amount: '2.5' });
    // mean 0.02505 rounds half-up to 0.0251 (D2): floor(10 / 0.0251) = 398
    const buys = { sms: 398, price: 0.0251, basis: 'networks_average', networks: 2, source: 'organization', lowest: 0.0201, highest: 0.03 };
    expect(await pages(m.api, 10)).toEqual({ overview: buys, wallet: buys, calculator: 398 });
  });

  it('no rows anywhere: the default price, said so (the Calculator has no average to convert with)', async () => {
    const op = await signedUpCaller(deps, { operator: true });
    const m = await signedUpCaller(deps);
    await op.api.operator.setPrices({ organizationId: m.organizationId, defaultPrice: '0.04', rows: [] });
    await m.api.wallets.topUp({ wallet: 'prepaid', amount: '1' });
    const platform = await op.api.operator.getPlatformPrices();
    await replacePlatformPrices(deps.db, [], 'test');
    try {
      const buys = { sms: 25, price: 0.04, basis: 'default_price', networks: 0, source: 'none', lowest: null, highest: null };
      expect(await pages(m.api, 1)).toEqual({ overview: buys, wallet: buys, calculator: null });
    } finally {
      await replacePlatformPrices(deps.db, platform.rows.map((r) => ({ ...r, price: String(r.price) })), 'test');
    }
  });
});
