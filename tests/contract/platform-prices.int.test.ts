// D13: the platform price list prices every organization without rows of its own, the same way on every
// surface (send charge, /calculate, the dashboard's calculator and compose preview); own rows replace it whole.
import { afterAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { auditLog, platformPriceRows } from '@/db/schema';
import { runCli } from '@/server/cli/run-cli';
import { replacePlatformPrices } from '@/server/domain/pricing/platform-prices';
import { closePools, makeMerchant, restClient, testDeps } from '../helpers';
import { signedUpCaller } from '../dashboard-helpers';

const deps = testDeps();
const call = restClient(deps);
afterAll(closePools);

const VODACOM = '+243812345678';
const AIRTEL = '+243971234567';
const FRANCE = '+33612345678';

async function cli(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runCli([...argv, '--json'], { db: deps.db, env: deps.env, stdout: (s) => (out += s), stderr: (s) => (err += s) });
  return { code, err, json: () => JSON.parse(out) };
}

describe('the platform price list (D13)', () => {
  it('an empty database is seeded with the DRC networks', async () => {
    const rows = await deps.db.select().from(platformPriceRows).orderBy(asc(platformPriceRows.network));
    expect(rows.map((r) => [r.country, r.network, r.prefixes, r.price])).toEqual([
      ['CD', 'Africell', ['24390', '24391'], '0.0170'],
      ['CD', 'Airtel', ['24397', '24398', '24399'], '0.0180'],
      ['CD', 'Orange', ['24384', '24385', '24389'], '0.0190'],
      ['CD', 'Vodacom', ['24381', '24382', '24383'], '0.0200'],
    ]);
  });

  it('prices a merchant without rows: the charge, /calculate, /balance and the dashboard agree', async () => {
    const m = await makeMerchant(deps.db, deps.env, { prepaid: '1', prices: [], defaultPrice: null });
    const sent = await call('POST', '/send', { key: m.apiKey, body: { to: [VODACOM, AIRTEL, FRANCE], message: 'Hi' } });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ total_recipients: 3, total_messages: 3, total_cost: 0.048 }); // 0.02 + 0.018 + default 0.01
    const calc = await call('POST', '/calculate', { key: m.apiKey, body: { mode: 'amount_to_sms', amount: 100 } });
    expect(calc.body).toEqual({
      status_code: 200,
      data: { mode: 'amount_to_sms', amount: 100, sms_count: 5405, average_price: 0.0185, currency: 'USD', currency_symbol: '$' },
    });
    const balance = await call('GET', '/balance', { key: m.apiKey });
    expect(balance.body.data).toMatchObject({ balance: 0.952, unit_price: 0.01, available_sms: 95 });

    const u = await signedUpCaller(deps);
    const pricing = await u.api.pricing.getPricing();
    expect(pricing).toMatchObject({ source: 'platform', average_price: 0.0185, default_price: 0.01 });
    expect(pricing.rows.map((r) => [r.network, r.price])).toEqual([
      ['Africell', 0.017],
      ['Airtel', 0.018],
      ['Orange', 0.019],
      ['Vodacom', 0.02],
    ]);
    expect(await u.api.pricing.estimate({ mode: 'amount_to_sms', amount: 100 })).toEqual(calc.body.data);
    const options = await u.api.messages.composeOptions();
    expect(options.pricing_rows.map((r) => r.network)).toEqual(['Africell', 'Airtel', 'Orange', 'Vodacom']);
  });

  it('own rows replace the list whole: a number they do not cover pays the default price', async () => {
    const m = await makeMerchant(deps.db, deps.env, {
      prepaid: '1',
      defaultPrice: '0.0500',
      prices: [{ country: 'CD', network: 'Vodacom', prefixes: ['24381'], price: '0.0300' }],
    });
    const sent = await call('POST', '/send', { key: m.apiKey, body: { to: [VODACOM, AIRTEL], message: 'Hi' } });
    expect(sent.body.data).toMatchObject({ total_cost: 0.08 }); // 0.03 own + 0.05 default, not the platform's 0.018
    const calc = await call('POST', '/calculate', { key: m.apiKey, body: { mode: 'sms_to_amount', sms_count: 10 } });
    expect(calc.body.data).toMatchObject({ average_price: 0.03, amount: 0.3 });
  });

  it('the operator replaces the list (audited); the next send is priced by it', async () => {
    const m = await makeMerchant(deps.db, deps.env, { prepaid: '1', prices: [], defaultPrice: null });
    const op = await signedUpCaller(deps, { operator: true });
    const saved = await op.api.operator.setPlatformPrices({ rows: [{ country: 'CD', network: 'Vodacom', prefixes: '24381, +24382', price: '0.0250' }] });
    expect(saved.rows).toEqual([{ id: expect.stringMatching(/^prc_/), country: 'CD', network: 'Vodacom', prefixes: ['24381', '24382'], price: 0.025 }]);
    expect(saved.organizations_priced).toBeGreaterThanOrEqual(2);
    const sent = await call('POST', '/send', { key: m.apiKey, body: { to: [VODACOM, AIRTEL], message: 'Hi' } });
    expect(sent.body.data).toMatchObject({ total_cost: 0.035 }); // 0.025 + Airtel no longer listed: default 0.01
    const audit = await deps.db.select().from(auditLog).where(eq(auditLog.action, 'pricing.platform.set'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: `user:${op.user.id}`, organizationId: null });
    expect(audit[0].details).toMatchObject({ rows: ['CD:Vodacom:24381,24382:0.0250'] });
    // A prefix twice, and a merchant, are refused.
    await expect(
      op.api.operator.setPlatformPrices({
        rows: [
          { country: 'CD', network: 'A', prefixes: '24381', price: '0.01' },
          { country: 'CD', network: 'B', prefixes: '24381', price: '0.01' },
        ],
      }),
    ).rejects.toThrow(/already priced in row 1/);
    const merchant = await signedUpCaller(deps);
    await expect(merchant.api.operator.setPlatformPrices({ rows: [] })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('the CLI sets the list (--platform) and sends an organization back to it (--clear)', async () => {
    const m = await makeMerchant(deps.db, deps.env, { prepaid: '1', defaultPrice: null });
    const set = await cli('set-prices', '--platform', '--price', 'CD:Orange:24384:0.0150', '--price', 'CD:Airtel:24397:0.0160');
    expect([set.code, set.err]).toEqual([0, '']);
    expect(set.json()).toEqual({ platform: true, prices: 2 });
    const cleared = await cli('set-prices', '--organization-id', m.organizationId, '--clear');
    expect(cleared.json()).toEqual({ organization_id: m.organizationId, prices: 0 });
    const calc = await call('POST', '/calculate', { key: m.apiKey, body: { mode: 'sms_to_amount', sms_count: 100 } });
    expect(calc.body.data).toMatchObject({ average_price: 0.0155, amount: 1.55 });
    for (const bad of [
      ['set-prices', '--platform'],
      ['set-prices', '--platform', '--organization-id', m.organizationId, '--price', 'CD:A:1:0.1'],
      ['set-prices', '--organization-id', m.organizationId, '--clear', '--price', 'CD:A:1:0.1'],
    ]) expect((await cli(...bad)).code).toBe(2);
  });

  it('with neither own rows nor a platform list, /calculate answers the contract 400 and sends pay the default', async () => {
    await replacePlatformPrices(deps.db, [], 'test');
    const m = await makeMerchant(deps.db, deps.env, { prepaid: '1', prices: [], defaultPrice: null });
    const calc = await call('POST', '/calculate', { key: m.apiKey, body: { mode: 'amount_to_sms', amount: 10 } });
    expect(calc).toMatchObject({ status: 400, body: { detail: 'No pricing configured for this merchant. Please contact support.' } });
    const sent = await call('POST', '/send', { key: m.apiKey, body: { to: [VODACOM], message: 'Hi' } });
    expect(sent.body.data).toMatchObject({ total_cost: 0.01 });
    const u = await signedUpCaller(deps);
    expect(await u.api.pricing.getPricing()).toMatchObject({ source: 'none', rows: [], average_price: null });
  });
});
