import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createConnector, setRoute } from '@/server/domain/carrier/connectors';
import { closePools, makeMerchant, restClient, testDeps, testEnv } from '../helpers';

// A live deployment (D14 amended): a number that matches no route is never handed to anything and never charged.
const env = testEnv({ SMS_ENV: 'live' });
const deps = testDeps({ env });
const call = restClient(deps);
afterAll(closePools);

const ROUTED = '+243811230001'; // Vodacom, 0.0200, routed by the 24381 route below
const UNROUTED = '+243971230002'; // Airtel: no route
const NO_ROUTE_TEXT = 'No carrier route takes this number: it is not sent and not charged (error_code NO_ROUTE).';

async function ledger(messageId: string) {
  const rows = await deps.db.execute<{ entry_type: string; amount: string }>(sql`select entry_type, amount from wallet_ledger where message_id = ${messageId} order by id`);
  return rows.map((r) => [r.entry_type, r.amount]);
}

describe('no route, no send (live, D14 amended)', () => {
  it('an unroutable recipient is failed NO_ROUTE at price 0, named in warnings and counted; the routed one is charged alone', async () => {
    const c = await createConnector(deps.db, 'nr-a', { kind: 'smpp', host: '127.0.0.1', port: 1, systemId: 'gw', password: 'secret1' }, env.APP_SECRET);
    await setRoute(deps.db, '24381', null, [c.id]);
    const m = await makeMerchant(deps.db, env, { prepaid: '1', keyStatus: 'allowed' });
    const res = await call('POST', '/send', { key: m.apiKey, body: { to: [UNROUTED, ROUTED], message: 'Hello' } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      total_recipients: 2,
      suppressed_recipients: 0,
      unroutable_recipients: 1,
      total_messages: 1,
      total_cost: 0.02,
      warnings: [{ index: 0, phone: UNROUTED, code: 'NO_ROUTE', message: NO_ROUTE_TEXT }],
    });
    const id = res.body.data.message_id as string;
    const rows = await deps.db.execute<{ phone: string; state: string; price: string; error_code: string | null; error_message: string | null }>(sql`
      select phone, state, price, error_code, error_message from message_recipients where message_id = ${id} order by position`);
    expect(rows.map((r) => [r.phone, r.state, r.price, r.error_code, r.error_message])).toEqual([
      [UNROUTED, 'failed', '0.0000', 'NO_ROUTE', 'No carrier route for the number.'],
      [ROUTED, 'pending', '0.0200', null, null],
    ]);
    const events = await deps.db.execute<{ data: Record<string, unknown> }>(sql`
      select payload->'data' as data from webhook_events where message_id = ${id} and event_type = 'sms.failed'`);
    expect(events.map((e) => [e.data.recipient_phone, e.data.carrier, e.data.error_code, e.data.error_message, e.data.retryable])).toEqual([
      [UNROUTED, 'unknown', 'NO_ROUTE', 'No carrier route for the number.', false],
    ]);
    expect(await ledger(id)).toEqual([['charge', '-0.0200']]);
    const [msg] = await deps.db.execute<{ failed: number; total_cost: string }>(sql`select failed, total_cost from messages where id = ${id}`);
    expect([msg.failed, msg.total_cost]).toEqual([1, '0.0200']);
  });

  it('400 1132 when no recipient is left: nothing is created or charged', async () => {
    const m = await makeMerchant(deps.db, env, { prepaid: '1', keyStatus: 'allowed' });
    const before = await deps.db.execute<{ n: number }>(sql`select count(*)::int as n from messages where organization_id = ${m.organizationId}`);
    const res = await call('POST', '/send', { key: m.apiKey, body: { to: [UNROUTED, '+243971230003'], message: 'Hello' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      status_code: 400,
      error_code: '1132',
      message: 'No carrier route for any recipient: nothing was sent or charged.',
      detail: 'No carrier route for any recipient: nothing was sent or charged.',
    });
    const after = await deps.db.execute<{ n: number }>(sql`select count(*)::int as n from messages where organization_id = ${m.organizationId}`);
    expect([before[0].n, after[0].n]).toEqual([0, 0]);
    const [w] = await deps.db.execute<{ balance: string }>(sql`select balance from wallets where organization_id = ${m.organizationId} and type = 'SVC_SMS'`);
    expect(w.balance).toBe('1.0000');
  });

  it('an opted-out phone stays OPTED_OUT, and opted out plus unroutable with none left is 1132', async () => {
    const m = await makeMerchant(deps.db, env, { prepaid: '1', keyStatus: 'allowed' });
    await deps.db.execute(sql`insert into opt_outs (organization_id, phone, source) values (${m.organizationId}, ${ROUTED}, 'api')`);
    const res = await call('POST', '/send', { key: m.apiKey, body: { to: [ROUTED, UNROUTED], message: 'Hello' } });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('1132');
    const all = await call('POST', '/send', { key: m.apiKey, body: { to: [ROUTED], message: 'Hello' } });
    expect([all.status, all.body.error_code]).toEqual([400, '1130']);
  });
});
