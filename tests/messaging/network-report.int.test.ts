import { afterAll, describe, expect, it } from 'vitest';
import { closePools, testClock, testDeps, testEnv } from '../helpers';
import { drain } from '../pipeline/drain';
import { allJobsDue, readyMerchant } from './setup';
import { deliveryTasks } from '../pipeline/harness';

const env = testEnv({ CARRIER_SIM_DELAY_MS: '0', CARRIER_SIM_VALIDITY_S: '0' });
const clock = testClock();
const deps = testDeps({ env, clock: clock.now });
const { tasks } = deliveryTasks(deps.db, env);
afterAll(closePools);

const VODACOM = '+243810005555'; // 0.02, delivered
const REFUSED = '+243810001111'; // Vodacom: refused at submission, refunded (D20)
const DLR_FAILED = '+243810002222'; // Vodacom: accepted, then fails (ABSENT_SUBSCRIBER): charged
const ORANGE = '+243840005555'; // 0.019, delivered
const ABROAD = '+33612345678'; // no price row: the default price, 0.01
type Api = Awaited<ReturnType<typeof readyMerchant>>['api'];

async function sendAt(api: Api, appId: string, at: string, send: Record<string, unknown>) {
  clock.set(new Date(at));
  return (await api.messages.compose({ app_id: appId, send: { message: 'Hi', ...send } as never })).message_id;
}

describe('overview: the per-network report (D13)', () => {
  it('sent, delivered, failed, rate and spend per network and the default price, exactly, for 7, 30 and 90 local days', async () => {
    // Kinshasa is UTC+1: local midnight of 2026-11-21 is 2026-11-20T23:00Z.
    const m = await readyMerchant(deps, { prepaid: '10', timezone: 'Africa/Kinshasa' });
    const other = await readyMerchant(deps, { prepaid: '10' });
    await sendAt(m.api, m.appId, '2026-11-21T08:00:00Z', { to: [VODACOM, REFUSED, DLR_FAILED, ORANGE, ABROAD] });
    await sendAt(m.api, m.appId, '2026-11-15T12:00:00Z', { to: [ORANGE], message: `✓ ${'x'.repeat(80)}` }); // 2 segments, 6 days ago
    await sendAt(m.api, m.appId, '2026-11-14T22:30:00Z', { to: [VODACOM] }); // 23:30 local on 11-14: 7 days ago, outside the 7
    await sendAt(m.api, m.appId, '2026-08-24T12:00:00Z', { to: [ABROAD] }); // 89 days ago: in the 90
    await sendAt(m.api, m.appId, '2026-08-22T12:00:00Z', { to: [ABROAD] }); // 91 days ago: outside
    await sendAt(other.api, other.appId, '2026-11-21T09:00:00Z', { to: [VODACOM, VODACOM, ORANGE, ABROAD] }); // another organization
    await allJobsDue(deps);
    await drain(deps.db, tasks);

    clock.set(new Date('2026-11-21T15:00:00Z'));
    const week = await m.api.messages.networkReport({ days: 7 });
    expect(week).toMatchObject({ days: 7, from: '2026-11-15', to: '2026-11-21', timezone: 'Africa/Kinshasa', currency: 'USD' });
    expect(week.networks).toEqual([
      { country: 'CD', network: 'Orange', default_price: false, sent: 2, delivered: 2, failed: 0, not_sent: 0, rate: 1, spend: 0.057 },
      { country: 'CD', network: 'Vodacom', default_price: false, sent: 2, delivered: 1, failed: 2, not_sent: 1, rate: 1 / 3, spend: 0.04 },
      { country: null, network: null, default_price: true, sent: 1, delivered: 1, failed: 0, not_sent: 0, rate: 1, spend: 0.01 },
    ]);

    const month = await m.api.messages.networkReport({ days: 30 });
    expect(month.networks).toEqual([
      { country: 'CD', network: 'Vodacom', default_price: false, sent: 3, delivered: 2, failed: 2, not_sent: 1, rate: 0.5, spend: 0.06 },
      { country: 'CD', network: 'Orange', default_price: false, sent: 2, delivered: 2, failed: 0, not_sent: 0, rate: 1, spend: 0.057 },
      { country: null, network: null, default_price: true, sent: 1, delivered: 1, failed: 0, not_sent: 0, rate: 1, spend: 0.01 },
    ]);
    expect((await m.api.messages.networkReport({ days: 90 })).networks.at(-1)).toMatchObject({ default_price: true, sent: 2, delivered: 2, spend: 0.02 });

    // the spend is what the wallets were charged and not given back for these sends (the Overview's 30 days agree)
    const overview = await m.api.messages.overview();
    const spent = overview.days.reduce((s, d) => s + d.spend, 0);
    expect(spent).toBeCloseTo(0.06 + 0.057 + 0.01, 10);

    // the other organization's own report holds only its sends
    expect((await other.api.messages.networkReport({ days: 7 })).networks).toEqual([
      { country: 'CD', network: 'Vodacom', default_price: false, sent: 2, delivered: 2, failed: 0, not_sent: 0, rate: 1, spend: 0.04 },
      { country: 'CD', network: 'Orange', default_price: false, sent: 1, delivered: 1, failed: 0, not_sent: 0, rate: 1, spend: 0.019 },
      { country: null, network: null, default_price: true, sent: 1, delivered: 1, failed: 0, not_sent: 0, rate: 1, spend: 0.01 },
    ]);
  });

  it('the period is 7, 30 or 90 days; 30 when not given; nothing sent: no rows', async () => {
    clock.set(new Date('2026-11-21T15:00:00Z'));
    const m = await readyMerchant(deps, { prepaid: '1' });
    expect(await m.api.messages.networkReport({})).toMatchObject({ days: 30, from: '2026-10-23', to: '2026-11-21', networks: [] });
    await expect(m.api.messages.networkReport({ days: 14 as never })).rejects.toThrow();
  });
});
