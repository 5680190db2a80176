import { afterAll, describe, expect, it } from 'vitest';
import { closePools, testClock, testDeps, testEnv } from '../helpers';
import { signedUpCaller } from '../dashboard-helpers';
import { drain } from '../pipeline/drain';
import { allJobsDue, readyMerchant } from './setup';
import { deliveryTasks } from '../pipeline/harness';

const env = testEnv({ CARRIER_SIM_DELAY_MS: '0', CARRIER_SIM_VALIDITY_S: '0' });
const clock = testClock();
const deps = testDeps({ env, clock: clock.now });
const { tasks } = deliveryTasks(deps.db, env);
afterAll(closePools);

const VODACOM = '+243810005555'; // 0.02
const M1111 = '+243810001111';
const M2222 = '+243810002222';
type Api = Awaited<ReturnType<typeof readyMerchant>>['api'];

async function sendAt(api: Api, appId: string, at: string, send: Record<string, unknown>) {
  clock.set(new Date(at));
  return (await api.messages.compose({ app_id: appId, send: { message: 'Hi', ...send } as never })).message_id;
}

describe('overview: numbers in the merchant timezone', () => {
  it('balance, today, the 7-day delivery rate and 30 days of SMS and spend, exactly', async () => {
    // New York in November is UTC-5: local midnight of 2026-11-21 is 05:00Z.
    const m = await readyMerchant(deps, { prepaid: '10', timezone: 'America/New_York' });
    const other = await readyMerchant(deps, { prepaid: '10' });
    await sendAt(m.api, m.appId, '2026-11-21T05:30:00Z', { to: [VODACOM, M1111] }); // today 00:30 local; the 1111 refunded (D20)
    await sendAt(m.api, m.appId, '2026-11-21T04:30:00Z', { to: [VODACOM] }); // yesterday 23:30 local
    const cancelled = await sendAt(m.api, m.appId, '2026-11-18T12:00:00Z', {
      to: [VODACOM],
      sending_type: 'scheduled',
      scheduled_dates: [{ date: '2030-01-05', time: '09:00' }, { date: '2030-01-06', time: '09:00' }],
    });
    await m.api.messages.control({ id: cancelled, action: 'cancel' }); // refunds 0.04: nets to 0 SMS, 0 spend
    await sendAt(m.api, m.appId, '2026-11-14T16:00:00Z', { to: [M1111, M2222] }); // 7 days ago: in the chart, not in the rate; 1111 refunded
    await sendAt(m.api, m.appId, '2026-10-23T12:00:00Z', { to: [VODACOM], message: `✓ ${'x'.repeat(80)}` }); // first of the 30 days, 2 segments
    await sendAt(m.api, m.appId, '2026-10-22T12:00:00Z', { to: [VODACOM] }); // 31 days ago: outside
    await sendAt(other.api, other.appId, '2026-11-21T12:00:00Z', { to: [VODACOM, VODACOM, VODACOM] }); // another organization
    await allJobsDue(deps);
    await drain(deps.db, tasks);

    clock.set(new Date('2026-11-21T15:00:00Z')); // 10:00 local
    const o = await m.api.messages.overview();
    expect(o).toMatchObject({
      timezone: 'America/New_York',
      currency: 'USD',
      currency_symbol: '$',
      balance: { prepaid: 9.88, postpaid: null, total: 9.88, default_price: 0.01, buys: expect.objectContaining({ sms: 534, price: 0.0185, basis: 'networks_average' }) }, // no postpaid wallet: no agreement, as the wallet page says
      has_app: true,
      has_sends: true,
      today: { date: '2026-11-21', sends: 1, sms: 2, spend: 0.02, delivered: 1, failed: 1 },
      delivery_rate: { days: 7, delivered: 2, failed: 1, rate: 2 / 3 },
      in_progress: null,
    });
    expect(o.days).toHaveLength(30);
    expect([o.days[0].date, o.days[29].date]).toEqual(['2026-10-23', '2026-11-21']);
    const nonZero = o.days.filter((d) => d.sends > 0);
    expect(nonZero).toEqual([
      { date: '2026-10-23', sends: 1, sms: 2, spend: 0.04, delivered: 1, failed: 0 },
      { date: '2026-11-14', sends: 1, sms: 2, spend: 0.02, delivered: 0, failed: 2 },
      { date: '2026-11-18', sends: 1, sms: 0, spend: 0, delivered: 0, failed: 0 },
      { date: '2026-11-20', sends: 1, sms: 1, spend: 0.02, delivered: 1, failed: 0 },
      { date: '2026-11-21', sends: 1, sms: 2, spend: 0.02, delivered: 1, failed: 1 },
    ]);

    // an hour before local midnight, the 00:30 send is not "today" yet: yesterday was, and it had two
    clock.set(new Date('2026-11-21T04:45:00Z'));
    const before = await m.api.messages.overview();
    expect(before.today).toEqual({ date: '2026-11-20', sends: 1, sms: 1, spend: 0.02, delivered: 1, failed: 0 });
    expect(before.days.map((d) => d.date)).not.toContain('2026-11-21');
  });

  it('a new organization: an empty wallet (D13), no app, no sends, nothing to rate', async () => {
    clock.set(new Date('2026-11-21T15:00:00Z'));
    const fresh = await signedUpCaller(deps);
    const o = await fresh.api.messages.overview();
    expect(o).toMatchObject({ has_app: false, has_sends: false, delivery_rate: { delivered: 0, failed: 0, rate: null } });
    expect(o.balance).toMatchObject({ prepaid: 0, postpaid: null, total: 0, default_price: 0.01, buys: { sms: 0, price: 0.0185, source: 'platform' } });
    expect((await fresh.api.wallets.overview()).postpaid).toBeNull();
    expect(o.days.every((d) => d.sends === 0 && d.sms === 0 && d.spend === 0)).toBe(true);
    expect(o.today.date).toBe('2026-11-21');
  });

  it('in_progress: the send of these days that moves next, by the message page rule; null once every delivery is final', async () => {
    const m = await readyMerchant(deps, { prepaid: '10', postpaid: '5' });
    const overview = async () => (await m.api.messages.overview()).in_progress;
    // a postpaid agreement: the same figure as on the wallet page
    expect((await m.api.messages.overview()).balance).toMatchObject({ prepaid: 10, postpaid: 5, total: 15 });
    expect(await m.api.wallets.overview()).toMatchObject({ prepaid: 10, postpaid: 5, balance: 15 });
    await sendAt(m.api, m.appId, '2026-11-21T15:00:00Z', { to: [VODACOM, M1111] });
    expect(await overview()).toEqual({ status: 'pending', pending: 2, next_dispatch_at: '2026-11-21T15:00:00.000Z' });
    await allJobsDue(deps);
    await drain(deps.db, tasks);
    expect(await overview()).toBeNull();

    const later = await sendAt(m.api, m.appId, '2026-11-21T15:05:00Z', { to: [VODACOM], sending_type: 'scheduled', scheduled_dates: [{ date: '2030-01-05', time: '09:00' }] });
    expect(await overview()).toEqual({ status: 'pending', pending: 1, next_dispatch_at: '2030-01-05T08:00:00.000Z' });
    await m.api.messages.control({ id: later, action: 'pause' });
    expect(await overview()).toMatchObject({ status: 'paused', pending: 1 });
    await m.api.messages.control({ id: later, action: 'cancel' });
    expect(await overview()).toBeNull();
  });
});
