import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { lowBalanceNow } from '@/server/domain/wallets/low-balance';
import { topUpWallet } from '@/server/domain/wallets/top-up';
import { money } from '@/server/lib/money';
import { closePools, testEnv } from '../helpers';
import { memberOf, readyMerchant, walletBalances } from '../messaging/setup';
import { pipelineHarness } from '../pipeline/harness';

/**
 * Issue 44 item 4: an organization's low-balance threshold (Settings, off by default); `wallet.low_balance` posted to
 * each app's webhook_url once per crossing of it by a charge, again only after a top-up lifts the balance back; the
 * dashboard banner's data. A send to a Vodacom number costs 0.02 (DRC_PRICES).
 */
const env = testEnv({ CARRIER_SIM_DELAY_MS: '0', CARRIER_SIM_VALIDITY_S: '0' });
const { deps, call } = pipelineHarness(env);
afterAll(closePools);

const HOOK = 'http://127.0.0.1:9/low-hook';

async function send(key: string): Promise<number> {
  return (await call('POST', '/send', { key, body: { to: ['+243810005555'], message: 'Hello' } })).status;
}

async function alerts(organizationId: string) {
  return deps.db.execute<{ payload: { event_type: string; data: Record<string, unknown> }; url: string | null }>(sql`
    select e.payload, d.url from webhook_events e left join webhook_deliveries d on d.event_id = e.id
     where e.organization_id = ${organizationId} and e.event_type = 'wallet.low_balance' order by e.created_at`);
}

describe('low-balance alert', () => {
  it('is off by default: no threshold, no event, no banner', async () => {
    const m = await readyMerchant(deps, { prepaid: '0.03', webhookUrl: HOOK });
    expect((await m.api.organization.get()).low_balance_threshold).toBeNull();
    expect(await send(m.apiKey)).toBe(201);
    expect(await alerts(m.organizationId)).toHaveLength(0);
    expect(await lowBalanceNow(deps.db, m.organizationId)).toBeNull();
  });

  it('owners set it (an amount > 0, or null to turn it off); other roles may not', async () => {
    const m = await readyMerchant(deps, { prepaid: '1' });
    expect((await m.api.organization.updateLowBalanceThreshold({ threshold: '2.5' })).low_balance_threshold).toBe(2.5);
    expect((await m.api.organization.get()).low_balance_threshold).toBe(2.5);
    await expect(m.api.organization.updateLowBalanceThreshold({ threshold: '0' })).rejects.toThrow();
    await expect(m.api.organization.updateLowBalanceThreshold({ threshold: '1.23456' })).rejects.toThrow();
    const dev = await memberOf(deps, m.organizationId, 'developer');
    await expect(dev.organization.updateLowBalanceThreshold({ threshold: null })).rejects.toThrow();
    expect((await m.api.organization.updateLowBalanceThreshold({ threshold: null })).low_balance_threshold).toBeNull();
  });

  it('posts wallet.low_balance once per crossing, re-armed by a top-up, and the banner shows while below', async () => {
    const m = await readyMerchant(deps, { prepaid: '0.08', webhookUrl: HOOK });
    await m.api.organization.updateLowBalanceThreshold({ threshold: '0.05' });
    expect(await send(m.apiKey)).toBe(201); // 0.08 -> 0.06
    expect(await alerts(m.organizationId)).toHaveLength(0);
    expect(await lowBalanceNow(deps.db, m.organizationId)).toBeNull();
    expect(await send(m.apiKey)).toBe(201); // 0.06 -> 0.04: crossed
    const [first, ...rest] = await alerts(m.organizationId);
    expect(rest).toHaveLength(0);
    expect(first.payload.data).toEqual({ balance: 0.04, threshold: 0.05, currency: 'USD' });
    expect(first.url).toBe(HOOK);
    expect(await lowBalanceNow(deps.db, m.organizationId)).toEqual({ balance: 0.04, threshold: 0.05, currency: 'USD' });
    expect(await send(m.apiKey)).toBe(201); // 0.04 -> 0.02: still below, no second event
    expect(await alerts(m.organizationId)).toHaveLength(1);
    await topUpWallet(deps.db, { organizationId: m.organizationId, type: 'SVC_SMS', currency: 'USD', amount: money('0.01'), actor: 'test' });
    expect(await send(m.apiKey)).toBe(201); // 0.03 -> 0.01: the top-up did not lift it above
    expect(await alerts(m.organizationId)).toHaveLength(1);
    await topUpWallet(deps.db, { organizationId: m.organizationId, type: 'SVC_POST_PAID', currency: 'USD', amount: money('0.05'), actor: 'test' });
    expect(await lowBalanceNow(deps.db, m.organizationId)).toBeNull(); // 0.06 in all
    expect(await send(m.apiKey)).toBe(201); // 0.06 -> 0.04 (prepaid first, then postpaid): crossed again
    const all = await alerts(m.organizationId);
    expect(all).toHaveLength(2);
    expect(all[1].payload.data).toEqual({ balance: 0.04, threshold: 0.05, currency: 'USD' });
  });

  it('is posted exactly once when concurrent sends cross it together', async () => {
    const m = await readyMerchant(deps, { prepaid: '0.2', webhookUrl: HOOK });
    await m.api.organization.updateLowBalanceThreshold({ threshold: '0.15' });
    const statuses = await Promise.all(Array.from({ length: 8 }, () => send(m.apiKey)));
    expect(statuses).toEqual(Array(8).fill(201));
    expect(await walletBalances(deps, m.organizationId)).toMatchObject({ SVC_SMS: '0.0400' });
    const rows = await alerts(m.organizationId);
    expect(rows).toHaveLength(1);
    expect(rows[0].payload.data).toMatchObject({ threshold: 0.15, currency: 'USD' });
  });
});
