import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FAILURES } from '@/server/domain/carrier/simulator/behaviour';
import { simulatorSettings } from '@/server/domain/carrier/simulator/driver';
import { failRecipients } from '@/server/domain/delivery/carrier-port';
import { loadDispatch } from '@/server/domain/delivery/dispatch-locks';
import { runDispatch } from '@/server/domain/delivery/run-dispatch';
import { kickDeliveries } from '@/server/domain/webhooks/deliveries';
import { waitFor } from '../carrier/harness';
import { closePools, makeMerchant, testEnv } from '../helpers';
import { walletBalances } from '../messaging/setup';
import { drain, makeDue, simulatorPass } from './drain';
import { pipelineHarness } from './harness';

/**
 * D20: a recipient no carrier accepted gets its price back (a `refund` ledger row, prepaid first, in the
 * transaction that fails it); one a carrier accepted stays charged. GET /status, GET /messages show the total.
 */
const env = testEnv({ CARRIER_SIM_DELAY_MS: '0', CARRIER_SIM_VALIDITY_S: '0' });
const { deps, call, pipeline, tasks } = pipelineHarness(env);
afterAll(closePools);

const VODACOM = '+243810005555'; // 0.02 per segment
const VODACOM_2 = '+243820004444'; // 0.02
const M1111 = '+243810001111'; // Vodacom, 0.02: refused at submission
const M1111_ORANGE = '+243840001111'; // Orange, 0.019: refused at submission
const M1111_B = '+243820001111'; // Vodacom, 0.02: refused at submission
const M2222 = '+243810002222'; // sent, then ABSENT_SUBSCRIBER
const M3333 = '+243810003333'; // sent, then EXPIRED

async function send(key: string, body: Record<string, unknown>) {
  const res = await call('POST', '/send', { key, body });
  expect(res.status).toBe(201);
  return res.body.data as { message_id: string; total_cost: number };
}
const status = async (key: string, id: string) => (await call('GET', `/status/${id}`, { key })).body.data;
/** Each wallet's balance (checked equal to the sum of its ledger rows). */
const wallets = (orgId: string) => walletBalances(deps, orgId);
async function ledger(messageId: string) {
  const rows = await deps.db.execute<{ type: string; entry_type: string; amount: string; balance_after: string; actor: string; note: string | null }>(sql`
    select w.type, l.entry_type, l.amount, l.balance_after, l.actor, l.note
      from wallet_ledger l join wallets w on w.id = l.wallet_id where l.message_id = ${messageId} order by l.id`);
  return rows.map((r) => [r.type, r.entry_type, r.amount, r.balance_after, r.actor, r.note]);
}
async function dispatchOf(messageId: string) {
  const [d] = await deps.db.execute<{ id: string }>(sql`select id from message_dispatches where message_id = ${messageId} order by seq limit 1`);
  return d.id;
}

describe('D20: no charge for what no carrier accepted (simulator)', () => {
  it("the simulator's 1111 gets its price (segments x price) back, in the transaction that fails it", async () => {
    const m = await makeMerchant(deps.db, env, { prepaid: '1' });
    // 161 GSM characters: 2 segments; 0.04 to Vodacom, 0.038 to Orange
    const { message_id: id, total_cost } = await send(m.apiKey, { to: [VODACOM, M1111_ORANGE], message: 'a'.repeat(161) });
    expect(total_cost).toBe(0.078);
    await drain(deps.db, tasks);

    expect(await status(m.apiKey, id)).toMatchObject({ status: 'partially_delivered', delivered: 1, failed: 1, total_cost: 0.078, refunded_amount: 0.038 });
    expect(await wallets(m.organizationId)).toEqual({ SVC_SMS: '0.9600' });
    expect(await ledger(id)).toEqual([
      ['SVC_SMS', 'charge', '-0.0780', '0.9220', `api:${m.appId}`, null],
      ['SVC_SMS', 'refund', '0.0380', '0.9600', 'system', 'Not accepted by any carrier: 1 recipient'],
    ]);
    // the recipient's price stays what was charged
    const recipients = (await call('GET', `/messages/${id}/recipients`, { key: m.apiKey })).body.data.items;
    expect(recipients.map((r: { phone: string; state: string; price: number; error_code: string | null }) => [r.phone, r.state, r.price, r.error_code])).toEqual([
      [VODACOM, 'delivered', 0.02, null],
      [M1111_ORANGE, 'failed', 0.019, 'UNKNOWN_SUBSCRIBER'],
    ]);
    // written by the transaction that moved the recipient to failed (the same transaction id)
    const [same] = await deps.db.execute<{ same: boolean }>(sql`
      select (select xmin::text from wallet_ledger where message_id = ${id} and entry_type = 'refund')
           = (select xmin::text from message_recipients where message_id = ${id} and phone = ${M1111_ORANGE}) as same`);
    expect(same.same).toBe(true);
  });

  it('recipients a carrier accepted stay charged: 2222 (sent, then ABSENT_SUBSCRIBER) and 3333 (sent, then EXPIRED)', async () => {
    const m = await makeMerchant(deps.db, env, { prepaid: '1' });
    const { message_id: id } = await send(m.apiKey, { to: [M2222, M3333], message: 'x' });
    await drain(deps.db, tasks);
    expect(await status(m.apiKey, id)).toMatchObject({ status: 'failed', failed: 2, total_cost: 0.04, refunded_amount: 0 });
    expect(await wallets(m.organizationId)).toEqual({ SVC_SMS: '0.9600' });
    expect((await ledger(id)).map((r) => r[1])).toEqual(['charge']);
  });

  it('what prepaid paid goes back to prepaid first, the rest to postpaid', async () => {
    // 0.06: prepaid pays 0.03, postpaid 0.03; two refusals give back 0.04: 0.03 to prepaid, 0.01 to postpaid
    const a = await makeMerchant(deps.db, env, { prepaid: '0.03', postpaid: '1' });
    const { message_id: ida } = await send(a.apiKey, { to: [M1111, M1111_B, VODACOM], message: 'x' });
    // 0.06: prepaid pays 0.05, postpaid 0.01; one refusal gives back 0.02, all to prepaid
    const b = await makeMerchant(deps.db, env, { prepaid: '0.05', postpaid: '1' });
    const { message_id: idb } = await send(b.apiKey, { to: [M1111, VODACOM, VODACOM_2], message: 'x' });
    await drain(deps.db, tasks);

    expect(await wallets(a.organizationId)).toEqual({ SVC_POST_PAID: '0.9800', SVC_SMS: '0.0300' });
    expect(await ledger(ida)).toEqual([
      ['SVC_SMS', 'charge', '-0.0300', '0.0000', `api:${a.appId}`, null],
      ['SVC_POST_PAID', 'charge', '-0.0300', '0.9700', `api:${a.appId}`, null],
      ['SVC_SMS', 'refund', '0.0300', '0.0300', 'system', 'Not accepted by any carrier: 2 recipients'],
      ['SVC_POST_PAID', 'refund', '0.0100', '0.9800', 'system', 'Not accepted by any carrier: 2 recipients'],
    ]);
    expect(await status(a.apiKey, ida)).toMatchObject({ failed: 2, delivered: 1, refunded_amount: 0.04 });

    expect(await wallets(b.organizationId)).toEqual({ SVC_POST_PAID: '0.9900', SVC_SMS: '0.0200' });
    expect((await ledger(idb)).filter((r) => r[1] === 'refund')).toEqual([['SVC_SMS', 'refund', '0.0200', '0.0200', 'system', 'Not accepted by any carrier: 1 recipient']]);
  });

  it('a repeated pass refunds once, and a step that rolls back refunds nothing', async () => {
    const m = await makeMerchant(deps.db, env, { prepaid: '1' });
    const { message_id: id } = await send(m.apiKey, { to: [M1111, VODACOM], message: 'x' });
    const dispatchId = await dispatchOf(id);
    await runDispatch(pipeline, dispatchId);
    const [r1111] = await deps.db.execute<{ id: number }>(sql`select id from message_recipients where message_id = ${id} and phone = ${M1111}`);
    const refusal = [{ id: Number(r1111.id), carrier: 'simulator', failure: FAILURES.UNKNOWN_SUBSCRIBER }];

    // the failure and its refund commit together or not at all
    await expect(
      deps.db.transaction(async (tx) => {
        await failRecipients(tx, (await loadDispatch(tx, dispatchId))!, 'processing', refusal, new Date());
        throw new Error('the worker died before COMMIT');
      }),
    ).rejects.toThrow('the worker died before COMMIT');
    expect(await ledger(id)).toHaveLength(1);
    expect(await wallets(m.organizationId)).toEqual({ SVC_SMS: '0.9600' });

    await simulatorPass(deps.db, simulatorSettings(env));
    await simulatorPass(deps.db, simulatorSettings(env)); // a second pass: nothing is left in processing
    await deps.db.transaction(async (tx) => failRecipients(tx, (await loadDispatch(tx, dispatchId))!, 'processing', refusal, new Date()));
    await drain(deps.db, tasks);

    expect((await ledger(id)).filter((r) => r[1] === 'refund')).toEqual([['SVC_SMS', 'refund', '0.0200', '0.9800', 'system', 'Not accepted by any carrier: 1 recipient']]);
    expect(await wallets(m.organizationId)).toEqual({ SVC_SMS: '0.9800' });
    expect(await status(m.apiKey, id)).toMatchObject({ delivered: 1, failed: 1, refunded_amount: 0.02 });
    const [{ n }] = await deps.db.execute<{ n: number }>(sql`select count(*)::int as n from webhook_events where message_id = ${id} and event_type = 'sms.failed'`);
    expect(n).toBe(1);
  });

  it('GET /status and GET /messages: refunded_amount counts refusals and cancellations; the cancel answer what it returned', async () => {
    const m = await makeMerchant(deps.db, env, { prepaid: '1' });
    const dates = [
      { date: '2027-01-05', time: '09:00' },
      { date: '2027-01-06', time: '09:00' },
    ];
    const { message_id: id, total_cost } = await send(m.apiKey, { to: [VODACOM, M1111], message: 'x', sending_type: 'scheduled', scheduled_dates: dates });
    expect(total_cost).toBe(0.08);
    expect(await status(m.apiKey, id)).toMatchObject({ refunded_amount: 0 });
    await makeDue(deps.db, await dispatchOf(id));
    await drain(deps.db, tasks);
    expect(await status(m.apiKey, id)).toMatchObject({ status: 'processing', delivered: 1, failed: 1, pending: 2, refunded_amount: 0.02 });

    const paused = (await call('POST', `/pause/${id}`, { key: m.apiKey })).body.data;
    expect(paused).toMatchObject({ status: 'paused', refunded_amount: 0 });
    const cancelled = (await call('DELETE', `/cancel/${id}`, { key: m.apiKey })).body.data;
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelled: 2, refunded_amount: 0.04 });

    expect(await status(m.apiKey, id)).toMatchObject({ status: 'cancelled', total_cost: 0.08, refunded_amount: 0.06 });
    const listed = (await call('GET', '/messages', { key: m.apiKey })).body.data.items;
    expect(listed.map((x: { message_id: string; refunded_amount: number }) => [x.message_id, x.refunded_amount])).toEqual([[id, 0.06]]);
    expect(await wallets(m.organizationId)).toEqual({ SVC_SMS: '0.9800' });
    expect((await ledger(id)).filter((r) => r[1] === 'refund').map((r) => [r[2], r[4]])).toEqual([
      ['0.0200', 'system'],
      ['0.0400', `api:${m.appId}`],
    ]);
  });

  it('lock order: a refund takes the wallets before its events, so a send of the same merchant (wallets, then events) cannot deadlock with it', async () => {
    const m = await makeMerchant(deps.db, env, { prepaid: '1', webhook: { url: 'http://127.0.0.1:9/hook' } });
    const { message_id: id } = await send(m.apiKey, { to: [M1111, VODACOM], message: 'x' });
    const dispatchId = await dispatchOf(id);
    await runDispatch(pipeline, dispatchId);

    // a send of this merchant between its charge (the wallets locked) and its sms.queued delivery (the shared
    // deliver_webhooks job row), while the simulator's pass that refunds the 1111 runs
    let walletsLocked!: () => void;
    let goOn!: () => void;
    const locked = new Promise<void>((r) => (walletsLocked = r));
    const stepWaits = new Promise<void>((r) => (goOn = r));
    const otherSend = deps.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from wallets where organization_id = ${m.organizationId} order by id for update`);
      walletsLocked();
      await stepWaits;
      await kickDeliveries(tx);
    });
    await locked;
    const step = simulatorPass(deps.db, simulatorSettings(env));
    await waitFor(
      () => deps.db.execute<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`),
      (r) => r[0].n > 0,
    );
    goOn();
    await Promise.all([otherSend, step]);
    expect(await status(m.apiKey, id)).toMatchObject({ failed: 1, refunded_amount: 0.02 });
    expect(await wallets(m.organizationId)).toEqual({ SVC_SMS: '0.9800' });
  });
});
