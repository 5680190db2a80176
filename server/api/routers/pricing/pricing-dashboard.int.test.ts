import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { organizations, platformPriceRows } from '@/db/schema';
import { replacePrices } from '@/server/domain/pricing/set-prices';
import { signedUpCaller } from '@/tests/dashboard-helpers';
import { closePools, DRC_PRICES, makeMerchant, restClient, testDeps } from '@/tests/helpers';
import { refused } from '@/tests/team-helpers';
import { memberships } from '@/db/schema';

const deps = testDeps();
const { db, env } = deps;
afterAll(closePools);

describe('calculator (dashboard)', () => {
  it('answers exactly what POST /calculate answers, with the rows behind the average', async () => {
    // A merchant provisioned like the CLI does, whose owner also uses the dashboard.
    const m = await makeMerchant(db, env, { prepaid: '10' });
    const { api, user, organizationId } = await signedUpCaller(deps);
    await db.delete(memberships).where(eq(memberships.organizationId, organizationId));
    await db.insert(memberships).values({ userId: user.id, organizationId: m.organizationId, role: 'viewer' });

    const pricing = await api.pricing.getPricing();
    expect(pricing).toMatchObject({ average_price: 0.0185, default_price: 0.02, currency: 'USD', currency_symbol: '$' });
    expect(pricing.rows.map((r) => [r.network, r.price])).toEqual([['Africell', 0.017], ['Airtel', 0.018], ['Orange', 0.019], ['Vodacom', 0.02]]);
    expect(pricing.rows.find((r) => r.network === 'Vodacom')?.prefixes).toEqual(DRC_PRICES[0].prefixes);

    const rest = restClient(deps);
    for (const body of [
      { mode: 'amount_to_sms' as const, amount: 100 },
      { mode: 'amount_to_sms' as const, amount: 0.01 },
      { mode: 'sms_to_amount' as const, sms_count: 5000 },
      { mode: 'sms_to_amount' as const, sms_count: 7 },
    ]) {
      const viaApi = await rest('POST', '/calculate', { key: m.apiKey, body });
      expect(viaApi.status).toBe(200);
      expect(await api.pricing.estimate(body)).toEqual(viaApi.body.data);
    }
    expect(await api.pricing.estimate({ mode: 'amount_to_sms', amount: 100 })).toMatchObject({ sms_count: 5405 });
  });

  it('without pricing rows: the platform list prices it; with no list either, no average and the contract text', async () => {
    const { api } = await signedUpCaller(deps);
    expect(await api.pricing.getPricing()).toMatchObject({ source: 'platform', average_price: 0.0185, default_price: 0.01 });
    await deps.db.delete(platformPriceRows);
    expect(await api.pricing.getPricing()).toMatchObject({ source: 'none', rows: [], average_price: null, default_price: 0.01 });
    await refused(api.pricing.estimate({ mode: 'amount_to_sms', amount: 10 }), 'BAD_REQUEST', /No pricing configured/);
  });

  it("shows only the organization's own rows", async () => {
    const a = await signedUpCaller(deps);
    const b = await signedUpCaller(deps);
    await replacePrices(db, a.organizationId, [{ country: 'CD', network: 'Only A', prefixes: ['24381'], price: '0.0300' }]);
    await db.update(organizations).set({ defaultPrice: '0.0500' }).where(eq(organizations.id, a.organizationId));
    expect((await a.api.pricing.getPricing()).rows.map((r) => r.network)).toEqual(['Only A']);
    expect(await b.api.pricing.getPricing()).toMatchObject({ source: 'none', rows: [], default_price: 0.01 });
  });
});
