import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { emitEvents } from '@/server/domain/webhooks/emit-events';
import { setRateLimits } from '@/server/domain/keys/manage-keys';
import { closePools, makeMerchant, restClient, testDeps } from '../helpers';
import { deliveredEvent, sendVia } from '../webhooks/fixtures';

/**
 * Issue 6, reliability 6 (security): one merchant's key can neither read nor
 * change anything of another merchant through any REST endpoint: messages,
 * controls, wallets, prices, Idempotency-Keys, rate-limit windows, webhook
 * destinations. Another merchant's id answers exactly like an unknown one.
 */
const deps = testDeps();
const db = deps.db;
const call = restClient(deps);
afterAll(closePools);

async function balances(orgId: string) {
  return db.execute<{ type: string; balance: string }>(sql`select type, balance::text from wallets where organization_id = ${orgId} order by type`);
}

describe('no cross-merchant reads or writes', () => {
  it('through every endpoint, for every kind of send', async () => {
    const a = await makeMerchant(db, deps.env, { name: 'A', prepaid: '50', postpaid: '5', webhook: { url: 'http://127.0.0.1:9/a-hook', username: 'a', password: 'a-secret' } });
    const b = await makeMerchant(db, deps.env, {
      name: 'B',
      prepaid: '7',
      prices: [{ country: 'CD', network: 'Orange', prefixes: ['24384'], price: '0.0500' }],
      webhook: { url: 'http://127.0.0.1:9/b-hook' },
    });
    const future = { date: '2030-06-01', time: '09:00' };
    const sends = {
      immediate: (await call('POST', '/send', { key: a.apiKey, body: { to: ['+243812345678'], message: 'A now' }, headers: { 'idempotency-key': 'order-1' } })).body.data.message_id,
      scheduled: (await call('POST', '/send', { key: a.apiKey, body: { to: ['+243812345678'], message: 'A later', sending_type: 'scheduled', scheduled_dates: [future] } })).body.data.message_id,
      recurring: (
        await call('POST', '/send', {
          key: a.apiKey,
          body: { to: ['+243812345678'], message: 'A weekly', sending_type: 'recurring', recurring_schedule: { start_date: '2030-01-01', end_date: '2030-03-01', frequency: 'weekly', interval: 1, times: ['08:00'] } },
        })
      ).body.data.message_id,
    };
    const aBefore = await balances(a.organizationId);
    const aStatus = (await call('GET', `/status/${sends.scheduled}`, { key: a.apiKey })).body;

    for (const id of Object.values(sends)) {
      // B sees A's message exactly as an unknown id.
      const unknown = `msg_${'x'.repeat(22)}`;
      for (const [method, path] of [['GET', '/status/'], ['DELETE', '/cancel/'], ['POST', '/pause/'], ['POST', '/resume/']] as const) {
        const theirs = await call(method, path + id, { key: b.apiKey });
        const none = await call(method, path + unknown, { key: b.apiKey });
        expect([theirs.status, theirs.body]).toEqual([404, { detail: 'Message not found' }]);
        expect([none.status, none.body]).toEqual([theirs.status, theirs.body]);
      }
    }
    // Nothing of A changed: its send is still running, its money untouched.
    expect((await call('GET', `/status/${sends.scheduled}`, { key: a.apiKey })).body).toEqual(aStatus);
    expect(await balances(a.organizationId)).toEqual(aBefore);

    // B's reads are B's: its own wallets and prices.
    expect((await call('GET', '/balance', { key: b.apiKey })).body.data).toMatchObject({ balance: 7, sms_wallet_balance: 7, postpaid_wallet_balance: 0 });
    expect((await call('POST', '/calculate', { key: b.apiKey, body: { mode: 'sms_to_amount', sms_count: 100 } })).body.data).toMatchObject({ average_price: 0.05, amount: 5 });

    // B's writes charge B only, and its Idempotency-Key space is its own.
    const bSend = await call('POST', '/send', { key: b.apiKey, body: { to: ['+243842345678'], message: 'B now' }, headers: { 'idempotency-key': 'order-1' } });
    expect(bSend.status).toBe(201);
    expect(bSend.body.data.message_id).not.toBe(sends.immediate);
    expect(bSend.body.data.total_cost).toBe(0.05);
    expect(await balances(a.organizationId)).toEqual(aBefore);
    expect((await balances(b.organizationId)).map((w) => w.balance)).toEqual(['6.9500']);
    const replay = await call('POST', '/send', { key: a.apiKey, body: { to: ['+243812345678'], message: 'A now' }, headers: { 'idempotency-key': 'order-1' } });
    expect(replay.body.data.message_id).toBe(sends.immediate);

    // Events go to the destination of the merchant that owns the message, with its own credentials only.
    const s = await sendVia(db, call, b.apiKey, ['+243842345679']);
    await emitEvents(db, s.recipients.map((r) => deliveredEvent(s.messageId, r)), { now: new Date() });
    const routes = await db.execute<{ org: string; url: string; auth: boolean; n: number }>(sql`
      select d.organization_id as org, d.url, d.use_basic_auth as auth, count(*)::int as n from webhook_deliveries d
        join webhook_events e on e.id = d.event_id where e.organization_id <> d.organization_id or e.app_id <> d.app_id
          or (d.organization_id = ${b.organizationId} and d.url <> 'http://127.0.0.1:9/b-hook')
          or (d.organization_id = ${a.organizationId} and d.url <> 'http://127.0.0.1:9/a-hook')
       group by 1, 2, 3`);
    expect(routes).toEqual([]);
    const [{ bAuth }] = await db.execute<{ bAuth: number }>(sql`select count(*)::int as "bAuth" from webhook_deliveries where organization_id = ${b.organizationId} and use_basic_auth`);
    expect(bAuth).toBe(0);

    // Rate-limit windows are per key: B exhausting its own leaves A's intact.
    await setRateLimits(db, b.appId, { balance: 4 }); // one balance call of B is already in its window
    for (let i = 0; i < 3; i++) expect((await call('GET', '/balance', { key: b.apiKey })).status).toBe(200);
    expect((await call('GET', '/balance', { key: b.apiKey })).status).toBe(429);
    const aBalance = await call('GET', '/balance', { key: a.apiKey });
    expect(aBalance.status).toBe(200);
    expect(aBalance.headers.get('ratelimit-limit')).toBe('30');
  });
});
