import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { closePools, makeMerchant, restClient, testDeps, testEnv } from '../helpers';
import { waitFor } from '../carrier/harness';
import { drain, makeDue } from './drain';
import { deliveryTasks } from './harness';

const env = testEnv({ CARRIER_SIM_DELAY_MS: '0', CARRIER_SIM_VALIDITY_S: '0' });
const deps = testDeps({ env });
const call = restClient(deps);
const { tasks } = deliveryTasks(deps.db, env);
afterAll(closePools);

const VODACOM = '+243810005555'; // 0.02 per segment
const TWO_DATES = [
  { date: '2027-01-05', time: '09:00' },
  { date: '2027-01-06', time: '09:00' },
];

async function scheduled(key: string, to = [VODACOM, '+243820004444']) {
  const res = await call('POST', '/send', { key, body: { to, message: 'x', sending_type: 'scheduled', scheduled_dates: TWO_DATES } });
  expect(res.status).toBe(201);
  return res.body.data.message_id as string;
}
const act = (key: string, action: 'cancel' | 'pause' | 'resume', id: string) =>
  call(action === 'cancel' ? 'DELETE' : 'POST', `/${action}/${id}`, { key });
async function dispatchIds(id: string) {
  return (await deps.db.execute<{ id: string }>(sql`select id from message_dispatches where message_id = ${id} order by seq`)).map((r) => r.id);
}
async function wallets(orgId: string) {
  const rows = await deps.db.execute<{ type: string; balance: string; ledger: string }>(sql`
    select w.type, w.balance, (select coalesce(sum(amount), 0) from wallet_ledger l where l.wallet_id = w.id)::numeric(18,4) as ledger
      from wallets w where organization_id = ${orgId} order by type`);
  for (const r of rows) expect(r.balance).toBe(r.ledger);
  return Object.fromEntries(rows.map((r) => [r.type, r.balance]));
}
const INVALID_STATE = { success: false, status_code: 409, error_code: '1402' };

describe('cancel / pause / resume (D6)', () => {
  it('state table of a scheduled send', async () => {
    const m = await makeMerchant(deps.db, env, { prepaid: '1' });
    const id = await scheduled(m.apiKey);
    expect((await act(m.apiKey, 'resume', id)).body).toMatchObject(INVALID_STATE);
    const paused = await act(m.apiKey, 'pause', id);
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ status_code: 200, data: { message_id: id, status: 'paused', pending: 4 } });
    expect(paused.body.data.refunded_amount).toBe(0); // what this call returned (D6)
    expect((await act(m.apiKey, 'pause', id)).body).toMatchObject(INVALID_STATE);
    const resumed = await act(m.apiKey, 'resume', id);
    expect(resumed.body).toMatchObject({ status_code: 200, data: { status: 'pending', refunded_amount: 0 } });
    const cancelled = await act(m.apiKey, 'cancel', id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', pending: 0, cancelled: 4, delivered: 0, refunded_amount: 0.08, next_dispatch_at: null });
    expect(cancelled.headers.get('ratelimit-limit')).toBe('30');
    for (const a of ['cancel', 'pause', 'resume'] as const) expect((await act(m.apiKey, a, id)).body).toMatchObject(INVALID_STATE);
    expect(await wallets(m.organizationId)).toEqual({ SVC_SMS: '1.0000' });
  });

  it('immediate sends: 409; unknown and foreign ids: 404', async () => {
    const a = await makeMerchant(deps.db, env, { prepaid: '1' });
    const b = await makeMerchant(deps.db, env, { prepaid: '1' });
    const now = await call('POST', '/send', { key: a.apiKey, body: { to: [VODACOM], message: 'x' } });
    for (const action of ['cancel', 'pause', 'resume'] as const) {
      expect((await act(a.apiKey, action, now.body.data.message_id)).body).toMatchObject(INVALID_STATE);
    }
    const id = await scheduled(a.apiKey);
    for (const action of ['cancel', 'pause', 'resume'] as const) {
      for (const [key, mid] of [[b.apiKey, id], [a.apiKey, 'msg_nope']]) {
        const r = await act(key, action, mid);
        expect(r.status).toBe(404);
        expect(r.body).toEqual({ detail: 'Message not found' });
      }
    }
  });

  it('cancel after the first dispatch went out refunds only the rest, postpaid first', async () => {
    const m = await makeMerchant(deps.db, env, { prepaid: '0.05', postpaid: '1' }); // cost 0.08: 0.05 prepaid + 0.03 postpaid
    const id = await scheduled(m.apiKey);
    expect(await wallets(m.organizationId)).toEqual({ SVC_POST_PAID: '0.9700', SVC_SMS: '0.0000' });
    const [first] = await dispatchIds(id);
    await makeDue(deps.db, first);
    await drain(deps.db, tasks);
    const mid = (await call('GET', `/status/${id}`, { key: m.apiKey })).body.data;
    expect(mid).toMatchObject({ status: 'processing', delivered: 2, pending: 2, dispatches_done: 1, next_dispatch_at: '2027-01-06T08:00:00.000Z' });
    const res = await act(m.apiKey, 'cancel', id);
    expect(res.body.data).toMatchObject({ status: 'cancelled', delivered: 2, failed: 0, pending: 0, cancelled: 2, refunded_amount: 0.04 });
    // 0.04 back: 0.03 to postpaid (what it paid), then 0.01 to prepaid
    expect(await wallets(m.organizationId)).toEqual({ SVC_POST_PAID: '1.0000', SVC_SMS: '0.0100' });
    const refunds = await deps.db.execute<{ type: string; amount: string }>(sql`
      select w.type, l.amount from wallet_ledger l join wallets w on w.id = l.wallet_id
       where l.message_id = ${id} and l.entry_type = 'refund' order by l.id`);
    expect(refunds.map((r) => [r.type, r.amount])).toEqual([['SVC_POST_PAID', '0.0300'], ['SVC_SMS', '0.0100']]);
  });

  it('a dispatch whose moment passes while paused is skipped, then refunded at resume', async () => {
    const m = await makeMerchant(deps.db, env, { prepaid: '1' });
    const id = await scheduled(m.apiKey);
    await act(m.apiKey, 'pause', id);
    const [first] = await dispatchIds(id);
    await makeDue(deps.db, first);
    await drain(deps.db, tasks);
    expect((await call('GET', `/status/${id}`, { key: m.apiKey })).body.data).toMatchObject({ status: 'paused', pending: 2, cancelled: 2, delivered: 0 });
    const [{ n }] = await deps.db.execute<{ n: number }>(sql`select count(*)::int as n from webhook_events where message_id = ${id} and event_type = 'sms.processing'`);
    expect(n).toBe(0);
    const resumed = await act(m.apiKey, 'resume', id);
    expect(resumed.body.data).toMatchObject({ status: 'pending', pending: 2, cancelled: 2, refunded_amount: 0.04 });
    expect(await wallets(m.organizationId)).toEqual({ SVC_SMS: '0.9600' });
    const [, second] = await dispatchIds(id);
    await makeDue(deps.db, second);
    await drain(deps.db, tasks);
    expect((await call('GET', `/status/${id}`, { key: m.apiKey })).body.data).toMatchObject({ status: 'delivered', delivered: 2, pending: 0, cancelled: 2, dispatches_done: 1 });
    expect((await act(m.apiKey, 'cancel', id)).body).toMatchObject(INVALID_STATE); // finished
  });

  it('recurring: cancel refunds every occurrence not yet started', async () => {
    const m = await makeMerchant(deps.db, env, { prepaid: '1' });
    const res = await call('POST', '/send', {
      key: m.apiKey,
      body: { to: [VODACOM], message: 'x', sending_type: 'recurring', recurring_schedule: { start_date: '2027-01-01', end_date: '2027-01-10', frequency: 'daily', interval: 1, times: ['08:00'] } },
    });
    expect(res.body.data).toMatchObject({ total_messages: 10, total_cost: 0.2 });
    const id = res.body.data.message_id;
    const [first] = await dispatchIds(id);
    await makeDue(deps.db, first);
    await drain(deps.db, tasks);
    const cancelled = await act(m.apiKey, 'cancel', id);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', delivered: 1, cancelled: 9, pending: 0, refunded_amount: 0.18, dispatches_total: 10, dispatches_done: 1 });
    expect(await wallets(m.organizationId)).toEqual({ SVC_SMS: '0.9800' });
  });

  it('cancel takes the wallets in the order a charge takes them: no deadlock with a send of the same merchant', async () => {
    // the charge locks the organization's wallets by id; the refund of this cancel goes postpaid first, so the case
    // that matters is a postpaid wallet with the higher id
    const byId = async (orgId: string) =>
      (await deps.db.execute<{ type: string; id: string }>(sql`select type, id from wallets where organization_id = ${orgId} order by id`)).map((w) => w.type);
    let m = await makeMerchant(deps.db, env, { prepaid: '0.05', postpaid: '1' }); // cost 0.08: 0.05 prepaid + 0.03 postpaid
    while ((await byId(m.organizationId))[0] !== 'SVC_SMS') m = await makeMerchant(deps.db, env, { prepaid: '0.05', postpaid: '1' });
    const [{ prepaid_id: prepaidId, postpaid_id: postpaidId }] = await deps.db.execute<{ prepaid_id: string; postpaid_id: string }>(sql`
      select max(id) filter (where type = 'SVC_SMS') as prepaid_id, max(id) filter (where type = 'SVC_POST_PAID') as postpaid_id
        from wallets where organization_id = ${m.organizationId}`);
    const id = await scheduled(m.apiKey);

    // a send of this merchant holds the lower wallet when the cancel comes, then asks for the other one
    let firstLocked!: () => void;
    let goOn!: () => void;
    const locked = new Promise<void>((r) => (firstLocked = r));
    const cancelWaits = new Promise<void>((r) => (goOn = r));
    const charge = deps.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from wallets where id = ${prepaidId} for update`);
      firstLocked();
      await cancelWaits;
      await tx.execute(sql`select 1 from wallets where id = ${postpaidId} for update`);
    });
    await locked;
    const cancel = act(m.apiKey, 'cancel', id);
    await waitFor(
      () => deps.db.execute<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`),
      (r) => r[0].n > 0,
    );
    goOn();
    await charge;
    expect((await cancel).body.data).toMatchObject({ status: 'cancelled', refunded_amount: 0.08 });
    expect(await wallets(m.organizationId)).toEqual({ SVC_POST_PAID: '1.0000', SVC_SMS: '0.0500' });
  });
});
