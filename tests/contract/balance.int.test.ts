import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { closePools, makeMerchant, restClient, testDeps } from '../helpers';

const deps = testDeps();
const call = restClient(deps);
afterAll(closePools);

/** The Postgres error text behind drizzle's "Failed query" wrapper. */
async function pgError(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    return ((e as Error).cause as Error | undefined)?.message ?? (e as Error).message;
  }
  return 'no error';
}

describe('GET /balance', () => {
  const cases: Array<[string, { prepaid?: string; postpaid?: string; defaultPrice?: string | null; currency?: string }, unknown]> = [
    [
      'prepaid and postpaid',
      { prepaid: '100.5', postpaid: '25', defaultPrice: '0.0200' },
      { balance: 125.5, sms_wallet_balance: 100.5, postpaid_wallet_balance: 25, currency: 'USD', unit_price: 0.02, available_sms: 6275 },
    ],
    [
      'prepaid only: postpaid reports 0',
      { prepaid: '10', defaultPrice: '0.0300' },
      { balance: 10, sms_wallet_balance: 10, postpaid_wallet_balance: 0, currency: 'USD', unit_price: 0.03, available_sms: 333 },
    ],
    [
      'postpaid only: prepaid reports 0',
      { postpaid: '7.25', defaultPrice: '0.0250' },
      { balance: 7.25, sms_wallet_balance: 0, postpaid_wallet_balance: 7.25, currency: 'USD', unit_price: 0.025, available_sms: 290 },
    ],
    [
      'no configured price falls back to 0.01',
      { prepaid: '1.0099', defaultPrice: null },
      { balance: 1.0099, sms_wallet_balance: 1.0099, postpaid_wallet_balance: 0, currency: 'USD', unit_price: 0.01, available_sms: 100 },
    ],
    [
      'zero-balance wallet',
      { prepaid: '0', currency: 'EUR' },
      { balance: 0, sms_wallet_balance: 0, postpaid_wallet_balance: 0, currency: 'EUR', unit_price: 0.02, available_sms: 0 },
    ],
  ];
  it.each(cases)('%s', async (_n, over, data) => {
    const m = await makeMerchant(deps.db, deps.env, over);
    const res = await call('GET', '/balance', { key: m.apiKey });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status_code: 200, data });
    expect(res.headers.get('cache-control')).toBe('private, max-age=30');
    expect(res.headers.get('ratelimit-limit')).toBe('30');
    expect(res.headers.get('ratelimit-remaining')).toBe('29');
  });

  it('400 {detail} when the organization has neither wallet', async () => {
    const m = await makeMerchant(deps.db, deps.env, {});
    const res = await call('GET', '/balance', { key: m.apiKey });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'No wallet found for this organization. Please contact support to open one.' });
  });

  it('shows only the key owner’s wallets', async () => {
    const a = await makeMerchant(deps.db, deps.env, { prepaid: '1' });
    await makeMerchant(deps.db, deps.env, { prepaid: '999' });
    const res = await call('GET', '/balance', { key: a.apiKey });
    expect(res.body.data.balance).toBe(1);
  });

  it('the wallet balance equals the sum of its ledger rows', async () => {
    const m = await makeMerchant(deps.db, deps.env, { prepaid: '12.3456', postpaid: '3' });
    const rows = await deps.db.execute<{ type: string; balance: string; sum: string }>(sql`
      select w.type, w.balance, coalesce(sum(l.amount), 0)::numeric(18,4) as sum
        from wallets w left join wallet_ledger l on l.wallet_id = w.id
       where w.organization_id = ${m.organizationId} group by w.id order by w.type`);
    expect(rows.map((r) => [r.type, r.balance, r.sum])).toEqual([
      ['SVC_POST_PAID', '3.0000', '3.0000'],
      ['SVC_SMS', '12.3456', '12.3456'],
    ]);
  });

  it('the ledger refuses UPDATE and DELETE', async () => {
    await makeMerchant(deps.db, deps.env, { prepaid: '1' });
    expect(await pgError(deps.db.execute(sql`update wallet_ledger set amount = 0`))).toBe('wallet_ledger is append-only (UPDATE refused)');
    expect(await pgError(deps.db.execute(sql`delete from wallet_ledger`))).toBe('wallet_ledger is append-only (DELETE refused)');
  });

  it('the database refuses a negative balance', async () => {
    const m = await makeMerchant(deps.db, deps.env, { prepaid: '1' });
    expect(await pgError(deps.db.execute(sql`update wallets set balance = -0.0001 where organization_id = ${m.organizationId}`))).toMatch(
      /violates check constraint "wallets_balance_non_negative"/,
    );
  });
});
