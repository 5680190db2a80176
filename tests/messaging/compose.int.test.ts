import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { closePools, restClient, testClock, testDeps, testEnv } from '../helpers';
import { signedUpCaller } from '../dashboard-helpers';
import { setRateLimits } from '@/server/domain/keys/manage-keys';
import { memberOf, readyMerchant, rejection, walletBalances } from './setup';

const clock = testClock(new Date('2026-11-21T10:00:00.000Z'));
const deps = testDeps({ env: testEnv(), clock: clock.now });
const call = restClient(deps);
afterAll(closePools);

const VODACOM = '+243810005555'; // 0.02
const ORANGE = '+243840005555'; // 0.019

async function ledgerOf(messageId: string) {
  const rows = await deps.db.execute<{ type: string; entry_type: string; amount: string; actor: string }>(sql`
    select w.type, l.entry_type, l.amount, l.actor from wallet_ledger l join wallets w on w.id = l.wallet_id
     where l.message_id = ${messageId} order by l.id`);
  return rows.map((r) => [r.type, r.entry_type, r.amount, r.actor]);
}

describe('dashboard compose: the same submitSend as POST /send', () => {
  it('options: the apps that may send, prices, timezone, balance; never a key', async () => {
    const m = await readyMerchant(deps, { prepaid: '1', postpaid: '0.5' });
    const o = await m.api.messages.composeOptions();
    expect(o).toMatchObject({
      apps: [{ app_id: m.appId, name: 'Shop', environment: 'test', key_hint: `sk_test_…${m.apiKey.slice(-4)}` }],
      blocked_apps: 0,
      role: 'owner',
      can_send: true,
      timezone: 'Africa/Kinshasa',
      default_country: 'CD',
      currency: 'USD',
      currency_symbol: '$',
      default_price: '0.01',
      balance: 1.5,
    });
    expect(o.pricing_rows.map((r) => [r.network, r.price])).toEqual([['Africell', '0.0170'], ['Airtel', '0.0180'], ['Orange', '0.0190'], ['Vodacom', '0.0200']]);
    expect(JSON.stringify(o)).not.toContain(m.apiKey);
    await deps.db.execute(sql`update gateway_apps set status = 'suspended' where id = ${m.appId}`);
    expect(await m.api.messages.composeOptions()).toMatchObject({ apps: [], blocked_apps: 1 });
    const fresh = await signedUpCaller(deps);
    // D13: an empty wallet, priced by the platform price list (seeded with the DRC networks)
    const freshOptions = await fresh.api.messages.composeOptions();
    expect(freshOptions).toMatchObject({ apps: [], blocked_apps: 0, balance: 0 });
    expect(freshOptions.pricing_rows.map((r) => [r.id, r.price])).toEqual([
      ['prc_platformCDAfricell', '0.0170'],
      ['prc_platformCDAirtel', '0.0180'],
      ['prc_platformCDOrange', '0.0190'],
      ['prc_platformCDVodacom', '0.0200'],
    ]);
  });

  it('charges exactly what POST /send charges: same total, same ledger rows, same message', async () => {
    const m = await readyMerchant(deps, { prepaid: '0.05', postpaid: '1' });
    const body = { to: [VODACOM, ORANGE, '0990001234'], message: 'Hello from the dashboard' };
    const res = await m.api.messages.compose({ app_id: m.appId, send: body });
    // 0.02 + 0.019 + 0.018 (Airtel), 1 segment
    expect(res).toEqual({ message_id: expect.stringMatching(/^msg_/), total_recipients: 3, suppressed_recipients: 0, unroutable_recipients: 0, total_messages: 3, total_cost: 0.057, currency: 'USD', status: 'pending', sending_type: 'immediate', encoding: 'gsm7', smart_encoding: { mode: 'off', applied: false, replaced_characters: 0 } });
    expect(await ledgerOf(res.message_id)).toEqual([
      ['SVC_SMS', 'charge', '-0.0500', `api:${m.appId}`],
      ['SVC_POST_PAID', 'charge', '-0.0070', `api:${m.appId}`],
    ]);
    expect(await walletBalances(deps, m.organizationId)).toEqual({ SVC_POST_PAID: '0.9930', SVC_SMS: '0.0000' });

    const rest = await call('POST', '/send', { key: m.apiKey, body });
    expect(rest.status).toBe(201);
    expect({ ...rest.body.data, message_id: 'x' }).toEqual({ ...res, message_id: 'x' });
    const status = await call('GET', `/status/${res.message_id}`, { key: m.apiKey });
    expect(status.body.data).toMatchObject({ message_id: res.message_id, status: 'pending', total_recipients: 3, pending: 3, total_cost: 0.057 });
    const [row] = await deps.db.execute<{ app_id: string; n: number }>(sql`
      select m.app_id, (select count(*)::int from message_recipients r where r.message_id = m.id) as n from messages m where m.id = ${res.message_id}`);
    expect(row).toEqual({ app_id: m.appId, n: 3 });
  });

  it("spends the app's send slots, shared with POST /send: no way around the key's limit", async () => {
    const m = await readyMerchant(deps, { prepaid: '1' });
    await setRateLimits(deps.db, m.appId, { send: 3 });
    const body = { to: [VODACOM], message: 'limited' };
    await m.api.messages.compose({ app_id: m.appId, send: body });
    await m.api.messages.compose({ app_id: m.appId, send: body });
    expect((await call('POST', '/send', { key: m.apiKey, body })).status).toBe(201);
    const rest = await call('POST', '/send', { key: m.apiKey, body });
    expect(rest.status).toBe(429);
    expect(rest.body).toMatchObject({ error_code: '1301' });
    const err = await rejection(m.api.messages.compose({ app_id: m.appId, send: body }));
    expect(err.code).toBe('TOO_MANY_REQUESTS');
    expect(err.message).toMatch(/^This app has made its 3 sends allowed per minute \(its key's limit\)\. Try again in \d+ s\.$/);
    const [{ n }] = await deps.db.execute<{ n: number }>(sql`select count(*)::int as n from messages where app_id = ${m.appId}`);
    expect(n).toBe(3);
  });

  it('1202 leaves every balance and table untouched', async () => {
    const m = await readyMerchant(deps, { prepaid: '0.03' });
    const before = await walletBalances(deps, m.organizationId);
    const err = await rejection(m.api.messages.compose({ app_id: m.appId, send: { to: [VODACOM, VODACOM], message: 'x' } }));
    expect(err).toMatchObject({ code: 'PAYMENT_REQUIRED', message: 'Insufficient balance: this send costs 0.0400 and the wallets hold 0.0300.' });
    expect(await walletBalances(deps, m.organizationId)).toEqual(before);
    const [{ n }] = await deps.db.execute<{ n: number }>(sql`select count(*)::int as n from messages where organization_id = ${m.organizationId}`);
    expect(n).toBe(0);
  });

  it('validation errors come back with the JSON paths of POST /send, every one', async () => {
    const m = await readyMerchant(deps, { prepaid: '1' });
    const bad = await rejection(m.api.messages.compose({ app_id: m.appId, send: { to: [VODACOM, '0812', '+243810001111', 'abc12345'], message: '' } }));
    expect(bad.code).toBe('BAD_REQUEST');
    expect(bad.fieldErrors.map((e) => e.field)).toEqual(['to[1]', 'to[3]', 'message']);
    const stage2 = await rejection(
      m.api.messages.compose({
        app_id: m.appId,
        send: { to: [VODACOM, '+24312345'], message: 'x', sending_type: 'scheduled', scheduled_dates: [{ date: '2026-11-21', time: '10:30' }, { date: '2026-11-21', time: '09:00' }] },
      }),
    );
    expect(stage2.fieldErrors).toEqual([{ field: 'to[1]', message: 'not a possible international number' }]); // planSend stops before the schedule
    const past = await rejection(
      m.api.messages.compose({ app_id: m.appId, send: { to: [VODACOM], message: 'x', sending_type: 'scheduled', scheduled_dates: [{ date: '2026-11-21', time: '10:30' }] } }),
    );
    // 10:30 in Kinshasa is 09:30Z: past at 10:00Z
    expect(past.fieldErrors).toEqual([{ field: 'scheduled_dates[0]', message: '2026-11-21 10:30 Africa/Kinshasa is in the past' }]);
    expect(await walletBalances(deps, m.organizationId)).toEqual({ SVC_SMS: '1.0000' });
  });

  it('scheduled and recurring: the schedule in the merchant timezone, charged for every dispatch', async () => {
    const m = await readyMerchant(deps, { prepaid: '1' });
    const s = await m.api.messages.compose({
      app_id: m.appId,
      send: { to: [VODACOM], message: 'x', sending_type: 'scheduled', scheduled_dates: [{ date: '2026-12-24', time: '09:30' }, { date: '2026-12-31', time: '18:00' }] },
    });
    expect(s).toMatchObject({ total_messages: 2, total_cost: 0.04, sending_type: 'scheduled' });
    const times = await deps.db.execute<{ at: string }>(sql`select dispatch_at::text as at from message_dispatches where message_id = ${s.message_id} order by seq`);
    expect(times.map((t) => new Date(t.at).toISOString())).toEqual(['2026-12-24T08:30:00.000Z', '2026-12-31T17:00:00.000Z']);
    const r = await m.api.messages.compose({
      app_id: m.appId,
      send: { to: [VODACOM], message: 'x', sending_type: 'recurring', recurring_schedule: { start_date: '2026-12-01', end_date: '2026-12-10', frequency: 'daily', interval: 1, times: ['08:00'] } },
    });
    expect(r).toMatchObject({ total_messages: 10, total_cost: 0.2, sending_type: 'recurring' });
  });

  it('an Idempotency-Key from the form makes a double submit charge once', async () => {
    const m = await readyMerchant(deps, { prepaid: '1' });
    const input = { app_id: m.appId, idempotency_key: 'form-1', send: { to: [VODACOM], message: 'once' } };
    const [a, b] = [await m.api.messages.compose(input), await m.api.messages.compose(input)];
    expect(b).toEqual(a);
    expect(await walletBalances(deps, m.organizationId)).toEqual({ SVC_SMS: '0.9800' });
  });

  it('roles and apps: a viewer cannot send; only the organization’s own allowed apps send', async () => {
    const m = await readyMerchant(deps, { prepaid: '1' });
    const viewer = await memberOf(deps, m.organizationId, 'viewer');
    expect(await viewer.messages.composeOptions()).toMatchObject({ role: 'viewer', can_send: false });
    const denied = await rejection(viewer.messages.compose({ app_id: m.appId, send: { to: [VODACOM], message: 'x' } }));
    expect(denied).toMatchObject({ code: 'FORBIDDEN', message: 'This action needs the developer role.' });
    const developer = await memberOf(deps, m.organizationId, 'developer');
    expect((await developer.messages.compose({ app_id: m.appId, send: { to: [VODACOM], message: 'x' } })).total_cost).toBe(0.02);

    const other = await readyMerchant(deps, { prepaid: '1' });
    const foreign = await rejection(m.api.messages.compose({ app_id: other.appId, send: { to: [VODACOM], message: 'x' } }));
    expect(foreign).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: [{ field: 'app_id', message: 'Choose one of your organization’s apps.' }] });
    await deps.db.execute(sql`update gateway_apps set status = 'suspended' where id = ${m.appId}`);
    const suspended = await rejection(m.api.messages.compose({ app_id: m.appId, send: { to: [VODACOM], message: 'x' } }));
    expect(suspended.fieldErrors).toEqual([{ field: 'app_id', message: 'This app’s key is suspended; it cannot send.' }]);
    expect(await walletBalances(deps, m.organizationId)).toEqual({ SVC_SMS: '0.9800' });
    expect(await walletBalances(deps, other.organizationId)).toEqual({ SVC_SMS: '1.0000' });
  });
});
