import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPriceRows } from '@/db/schema';
import { closePools, makeMerchant, restClient, testDeps } from '../helpers';

const deps = testDeps();
const call = restClient(deps);
let key: string;
afterAll(closePools);
beforeAll(async () => {
  // DRC rows 0.0200, 0.0190, 0.0180, 0.0170: mean 0.0185.
  key = (await makeMerchant(deps.db, deps.env, { prepaid: '5' })).apiKey;
});

describe('POST /calculate', () => {
  const ok: Array<[string, unknown, unknown]> = [
    ['amount_to_sms', { mode: 'amount_to_sms', amount: 100 }, { mode: 'amount_to_sms', amount: 100, sms_count: 5405, average_price: 0.0185, currency: 'USD', currency_symbol: '$' }],
    ['sms_to_amount', { mode: 'sms_to_amount', sms_count: 5000 }, { mode: 'sms_to_amount', amount: 92.5, sms_count: 5000, average_price: 0.0185, currency: 'USD', currency_symbol: '$' }],
    ['amount 0', { mode: 'amount_to_sms', amount: 0 }, { mode: 'amount_to_sms', amount: 0, sms_count: 0, average_price: 0.0185, currency: 'USD', currency_symbol: '$' }],
    ['sms_count 0', { mode: 'sms_to_amount', sms_count: 0 }, { mode: 'sms_to_amount', amount: 0, sms_count: 0, average_price: 0.0185, currency: 'USD', currency_symbol: '$' }],
    ['upper bound amount', { mode: 'amount_to_sms', amount: 10_000_000 }, { mode: 'amount_to_sms', amount: 10_000_000, sms_count: 540540540, average_price: 0.0185, currency: 'USD', currency_symbol: '$' }],
    ['upper bound sms_count', { mode: 'sms_to_amount', sms_count: 10_000_000 }, { mode: 'sms_to_amount', amount: 185000, sms_count: 10_000_000, average_price: 0.0185, currency: 'USD', currency_symbol: '$' }],
    ['rounds the amount to 2 decimals half-up', { mode: 'sms_to_amount', sms_count: 3 }, { mode: 'sms_to_amount', amount: 0.06, sms_count: 3, average_price: 0.0185, currency: 'USD', currency_symbol: '$' }],
    ['fractional amount floors the count', { mode: 'amount_to_sms', amount: 0.0369 }, { mode: 'amount_to_sms', amount: 0.0369, sms_count: 1, average_price: 0.0185, currency: 'USD', currency_symbol: '$' }],
    ['the other field is ignored', { mode: 'sms_to_amount', sms_count: 2, amount: 99 }, { mode: 'sms_to_amount', amount: 0.04, sms_count: 2, average_price: 0.0185, currency: 'USD', currency_symbol: '$' }],
  ];
  it.each(ok)('200: %s', async (_n, body, data) => {
    const res = await call('POST', '/calculate', { key, body });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status_code: 200, data });
  });

  const bad: Array<[string, unknown, string]> = [
    ['amount_to_sms without amount', { mode: 'amount_to_sms' }, "'amount' is required when mode='amount_to_sms'"],
    ['amount_to_sms with amount null', { mode: 'amount_to_sms', amount: null }, "'amount' is required when mode='amount_to_sms'"],
    ['sms_to_amount without sms_count', { mode: 'sms_to_amount' }, "'sms_count' is required when mode='sms_to_amount'"],
    ['mode not in the enum', { mode: 'AMOUNT_TO_SMS', amount: 1 }, "Invalid mode: 'mode' must be 'amount_to_sms' or 'sms_to_amount'"],
    ['mode missing', { amount: 1 }, "Invalid mode: 'mode' must be 'amount_to_sms' or 'sms_to_amount'"],
    ['negative amount', { mode: 'amount_to_sms', amount: -1 }, "'amount' must be a number between 0 and 10000000"],
    ['amount over the range', { mode: 'amount_to_sms', amount: 10_000_000.01 }, "'amount' must be a number between 0 and 10000000"],
    ['amount as a string', { mode: 'amount_to_sms', amount: '100' }, "'amount' must be a number between 0 and 10000000"],
    ['amount as an empty string', { mode: 'amount_to_sms', amount: '' }, "'amount' must be a number between 0 and 10000000"],
    ['fractional sms_count', { mode: 'sms_to_amount', sms_count: 1.5 }, "'sms_count' must be an integer between 0 and 10000000"],
    ['sms_count over the range', { mode: 'sms_to_amount', sms_count: 10_000_001 }, "'sms_count' must be an integer between 0 and 10000000"],
    ['negative sms_count', { mode: 'sms_to_amount', sms_count: -3 }, "'sms_count' must be an integer between 0 and 10000000"],
  ];
  it.each(bad)('400 {detail}: %s', async (_n, body, detail) => {
    const res = await call('POST', '/calculate', { key, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail });
  });

  it.each([
    ['not JSON', '{mode:', 'The request body must be valid JSON.'],
    ['a JSON array', '[1,2]', 'The request body must be a JSON object.'],
    ['a JSON string', '"x"', 'The request body must be a JSON object.'],
    ['empty', '', "Invalid mode: 'mode' must be 'amount_to_sms' or 'sms_to_amount'"],
  ])('400 {detail} for a body that is %s', async (_n, rawBody, detail) => {
    const res = await call('POST', '/calculate', { key, rawBody, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail });
  });

  it('accepts JSON sent without a JSON content type (curl -d)', async () => {
    const res = await call('POST', '/calculate', {
      key,
      rawBody: JSON.stringify({ mode: 'sms_to_amount', sms_count: 10 }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.amount).toBe(0.19);
  });

  it('400 "no pricing" when the merchant has no pricing rows and the platform list is empty (D13)', async () => {
    const m = await makeMerchant(deps.db, deps.env, { prepaid: '5', prices: [] });
    expect((await call('POST', '/calculate', { key: m.apiKey, body: { mode: 'amount_to_sms', amount: 10 } })).body.data).toMatchObject({ average_price: 0.0185 });
    await deps.db.delete(platformPriceRows);
    const res = await call('POST', '/calculate', { key: m.apiKey, body: { mode: 'amount_to_sms', amount: 10 } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'No pricing configured for this merchant. Please contact support.' });
  });

  it('rounds the mean half-up to 4 decimals and computes with the rounded value', async () => {
    const m = await makeMerchant(deps.db, deps.env, {
      prices: [
        { country: 'CD', network: 'A', prefixes: ['24381'], price: '0.0100' },
        { country: 'CD', network: 'B', prefixes: ['24382'], price: '0.0101' },
      ],
      currency: 'EUR',
    });
    // mean 0.01005 -> 0.0101 (half-up, not half-even 0.0100)
    const res = await call('POST', '/calculate', { key: m.apiKey, body: { mode: 'amount_to_sms', amount: 1 } });
    expect(res.body.data).toEqual({ mode: 'amount_to_sms', amount: 1, sms_count: 99, average_price: 0.0101, currency: 'EUR', currency_symbol: '€' });
  });

  it('413 for a body over 256 KB', async () => {
    const res = await call('POST', '/calculate', { key, rawBody: JSON.stringify({ mode: 'amount_to_sms', amount: 1, pad: 'x'.repeat(270_000) }) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, status_code: 413, error_code: '1103' });
  });
});
