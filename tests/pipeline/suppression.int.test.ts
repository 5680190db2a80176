import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addOptOuts } from '@/server/domain/opt-outs/add-opt-outs';
import { runDispatch } from '@/server/domain/delivery/run-dispatch';
import { optedOutOfDispatches } from '@/server/domain/delivery/skip-opted-out';
import { arrayLiteral } from '@/server/lib/sql-arrays';
import { closePools, makeMerchant, testEnv } from '../helpers';
import { walletBalances } from '../messaging/setup';
import { explainedNodes } from '../plan-nodes';
import { drain, makeDue } from './drain';
import { pipelineHarness } from './harness';

/**
 * D19 suppression on POST /send and at every dispatch, D20 refunds of the recipients skipped at a dispatch: exact
 * answers, rows, events and ledger lines.
 */
const env = testEnv({ CARRIER_SIM_DELAY_MS: '0', CARRIER_SIM_VALIDITY_S: '0' });
const { deps, call, pipeline, tasks } = pipelineHarness(env);
const db = deps.db;
afterAll(closePools);

const VODACOM = '+243810005555'; // 0.02 per segment
const ORANGE = '+243840005555'; // 0.019
const AIRTEL = '+243970005555'; // 0.018
const OPTED_OUT_MESSAGE = "The recipient is on the organization's opt-out list.";
const DATES = [
  { date: '2027-01-05', time: '09:00' },
  { date: '2027-01-06', time: '09:00' },
];

type Merchant = Awaited<ReturnType<typeof makeMerchant>>;
const optOut = (m: Merchant, phones: string[]) => addOptOuts(db, { organizationId: m.organizationId, phones, source: 'api', reason: null, actor: 'test' });
const status = async (m: Merchant, id: string) => (await call('GET', `/status/${id}`, { key: m.apiKey })).body.data;
async function ledger(messageId: string) {
  const rows = await db.execute<{ type: string; entry_type: string; amount: string; note: string | null }>(sql`
    select w.type, l.entry_type, l.amount, l.note from wallet_ledger l join wallets w on w.id = l.wallet_id where l.message_id = ${messageId} order by l.id`);
  return rows.map((r) => [r.type, r.entry_type, r.amount, r.note]);
}
async function recipients(messageId: string) {
  const rows = await db.execute<{ phone: string; seq: number; state: string; price: string; error_code: string | null; error_message: string | null }>(sql`
    select r.phone, d.seq, r.state, r.price::text, r.error_code, r.error_message
      from message_recipients r join message_dispatches d on d.id = r.dispatch_id where r.message_id = ${messageId} order by d.seq, r.position`);
  return rows.map((r) => [r.seq, r.phone, r.state, r.price, r.error_code]);
}
async function failedEvents(messageId: string) {
  return db.execute<{ payload: { event_type: string; timestamp: string; data: Record<string, unknown> }; recipient_id: number; dispatch_id: string }>(sql`
    select e.payload, e.recipient_id, e.dispatch_id from webhook_events e join message_recipients r on r.id = e.recipient_id
     where e.message_id = ${messageId} and e.event_type = 'sms.failed' order by e.dispatch_id, r.position`);
}
const dispatchesOf = async (messageId: string) =>
  (await db.execute<{ id: string }>(sql`select id from message_dispatches where message_id = ${messageId} order by seq`)).map((d) => d.id);

describe('D19: suppression when the send is made', () => {
  it('3 numbers, 1 opted out: 201 with suppressed_recipients 1, charged for the 2 others, the third failed OPTED_OUT at price 0 with its sms.failed', async () => {
    const m = await makeMerchant(db, env, { prepaid: '1' });
    await optOut(m, [ORANGE]);
    const res = await call('POST', '/send', { key: m.apiKey, body: { to: [VODACOM, '0840005555', AIRTEL], message: 'Hello' } });
    expect(res.status).toBe(201);
    const id = res.body.data.message_id as string;
    expect(res.body).toEqual({
      status_code: 201,
      data: {
        message_id: id,
        total_recipients: 3,
        suppressed_recipients: 1,
        unroutable_recipients: 0,
        total_messages: 2,
        total_cost: 0.038,
        currency: 'USD',
        status: 'pending',
        sending_type: 'immediate',
        encoding: 'gsm7',
        smart_encoding: { mode: 'off', applied: false, replaced_characters: 0 },
      },
    });
    expect(await ledger(id)).toEqual([['SVC_SMS', 'charge', '-0.0380', null]]);
    expect(await walletBalances(deps, m.organizationId)).toEqual({ SVC_SMS: '0.9620' });
    expect(await recipients(id)).toEqual([
      [0, VODACOM, 'pending', '0.0200', null],
      [0, ORANGE, 'failed', '0.0000', 'OPTED_OUT'],
      [0, AIRTEL, 'pending', '0.0180', null],
    ]);
    const [event] = await failedEvents(id);
    expect(event.payload).toMatchObject({ event_type: 'sms.failed', message_id: id });
    expect(event.payload.data).toEqual({
      recipient_phone: ORANGE,
      carrier: 'unknown',
      failed_at: event.payload.timestamp,
      error_code: 'OPTED_OUT',
      error_message: OPTED_OUT_MESSAGE,
      retryable: false,
      dispatch_at: null,
    });
    expect(await status(m, id)).toMatchObject({ status: 'pending', total_recipients: 3, delivered: 0, failed: 1, pending: 2, total_messages: 2, total_cost: 0.038, refunded_amount: 0 });
    const queued = await db.execute<{ data: unknown }>(sql`select payload->'data' as data from webhook_events where message_id = ${id} and event_type = 'sms.queued'`);
    expect(queued[0].data).toEqual({ total_recipients: 3, total_messages: 2, total_cost: 0.038, currency: 'USD', scheduled_at: null });

    await drain(db, tasks);
    expect(await status(m, id)).toMatchObject({ status: 'partially_delivered', delivered: 2, failed: 1, pending: 0, refunded_amount: 0 });
    const items = (await call('GET', `/messages/${id}/recipients`, { key: m.apiKey })).body.data.items;
    expect(items[1]).toMatchObject({ phone: ORANGE, state: 'failed', price: 0, error_code: 'OPTED_OUT', error_message: OPTED_OUT_MESSAGE, carrier: null });
    // exactly one sms.failed, and no other event for the suppressed recipient
    const [{ n }] = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from webhook_events e join message_recipients r on r.id = e.recipient_id where e.message_id = ${id} and r.phone = ${ORANGE}`);
    expect(n).toBe(1);
  });

  it('every recipient opted out: 400 1130, nothing charged, no message', async () => {
    const m = await makeMerchant(db, env, { prepaid: '1' });
    await optOut(m, [VODACOM, ORANGE]);
    const res = await call('POST', '/send', { key: m.apiKey, body: { to: ['0810005555', ORANGE, VODACOM], message: 'Hello' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      status_code: 400,
      error_code: '1130',
      message: 'Every recipient is on the opt-out list: nothing was sent or charged.',
      detail: 'Every recipient is on the opt-out list: nothing was sent or charged.',
    });
    expect(await walletBalances(deps, m.organizationId)).toEqual({ SVC_SMS: '1.0000' });
    const [{ n }] = await db.execute<{ n: number }>(sql`select count(*)::int as n from messages where organization_id = ${m.organizationId}`);
    expect(n).toBe(0);
    const [{ e }] = await db.execute<{ e: number }>(sql`select count(*)::int as e from webhook_events where organization_id = ${m.organizationId}`);
    expect(e).toBe(0);
  });

  it('an Idempotency-Key replay answers the same body, suppressed_recipients included, and charges nothing more', async () => {
    const m = await makeMerchant(db, env, { prepaid: '1' });
    await optOut(m, [VODACOM]);
    const body = { to: [VODACOM, ORANGE], message: 'Hello' };
    const first = await call('POST', '/send', { key: m.apiKey, body, headers: { 'idempotency-key': 'k-1' } });
    await optOut(m, [ORANGE]); // a replay does not look at the list again
    const again = await call('POST', '/send', { key: m.apiKey, body, headers: { 'idempotency-key': 'k-1' } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(first.body.data).toMatchObject({ total_recipients: 2, suppressed_recipients: 1, total_messages: 1, total_cost: 0.019 });
    expect(await walletBalances(deps, m.organizationId)).toEqual({ SVC_SMS: '0.9810' });
  });

  it('a scheduled send: the suppressed recipient is failed in every dispatch (D5: the counters still add up to recipients x dispatches)', async () => {
    const m = await makeMerchant(db, env, { prepaid: '1' });
    await optOut(m, [AIRTEL]);
    const res = await call('POST', '/send', { key: m.apiKey, body: { to: [VODACOM, AIRTEL], message: 'Hi', sending_type: 'scheduled', scheduled_dates: DATES } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ total_recipients: 2, suppressed_recipients: 1, total_messages: 2, total_cost: 0.04 });
    const id = res.body.data.message_id as string;
    expect(await recipients(id)).toEqual([
      [0, VODACOM, 'pending', '0.0200', null],
      [0, AIRTEL, 'failed', '0.0000', 'OPTED_OUT'],
      [1, VODACOM, 'pending', '0.0200', null],
      [1, AIRTEL, 'failed', '0.0000', 'OPTED_OUT'],
    ]);
    const events = await failedEvents(id);
    expect(events.map((e) => e.payload.data.dispatch_at).sort()).toEqual(['2027-01-05T08:00:00.000Z', '2027-01-06T08:00:00.000Z']);
    expect(await status(m, id)).toMatchObject({ status: 'pending', failed: 2, pending: 2, dispatches_total: 2, total_cost: 0.04 });
    const costs = await db.execute<{ cost: string }>(sql`select cost::text from message_dispatches where message_id = ${id} order by seq`);
    expect(costs.map((c) => c.cost)).toEqual(['0.0200', '0.0200']);
  });

  it("tenant isolation: one organization's list does not suppress another's sends", async () => {
    const a = await makeMerchant(db, env, { prepaid: '1' });
    const b = await makeMerchant(db, env, { prepaid: '1' });
    await optOut(a, [VODACOM]);
    const res = await call('POST', '/send', { key: b.apiKey, body: { to: [VODACOM], message: 'Hello' } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ total_recipients: 1, suppressed_recipients: 0, total_messages: 1, total_cost: 0.02 });
    await drain(db, tasks);
    expect(await status(b, res.body.data.message_id)).toMatchObject({ status: 'delivered', delivered: 1, failed: 0 });
    expect(await walletBalances(deps, b.organizationId)).toEqual({ SVC_SMS: '0.9800' });
  });
});

describe('D19/D20: a phone opted out after the send is skipped at its dispatch and refunded', () => {
  it('a scheduled send: the later dispatch skips it (failed OPTED_OUT at the price charged, a refund row); removed from the list, the next dispatch sends to it', async () => {
    const m = await makeMerchant(db, env, { prepaid: '1' });
    const res = await call('POST', '/send', { key: m.apiKey, body: { to: [VODACOM, ORANGE], message: 'a'.repeat(161), sending_type: 'scheduled', scheduled_dates: DATES } });
    expect(res.status).toBe(201);
    // 2 segments: (0.04 + 0.038) x 2 dispatches
    expect(res.body.data).toMatchObject({ suppressed_recipients: 0, total_messages: 8, total_cost: 0.156 });
    const id = res.body.data.message_id as string;
    const [first, second] = await dispatchesOf(id);

    await optOut(m, [ORANGE]);
    await makeDue(db, first);
    await drain(db, tasks);
    expect(await ledger(id)).toEqual([
      ['SVC_SMS', 'charge', '-0.1560', null],
      ['SVC_SMS', 'refund', '0.0380', 'Opted out before the dispatch: 1 recipient'],
    ]);
    expect(await status(m, id)).toMatchObject({ status: 'processing', delivered: 1, failed: 1, pending: 2, dispatches_done: 1, total_cost: 0.156, refunded_amount: 0.038 });
    expect((await recipients(id)).slice(0, 2)).toEqual([
      [0, VODACOM, 'delivered', '0.0200', null],
      [0, ORANGE, 'failed', '0.0190', 'OPTED_OUT'], // the price it was charged; the refund gave it back
    ]);
    const [skipped] = await failedEvents(id);
    expect(skipped.payload.data).toMatchObject({ recipient_phone: ORANGE, error_code: 'OPTED_OUT', retryable: false, dispatch_at: '2027-01-05T08:00:00.000Z' });
    // the refund and the failure in one transaction
    const [same] = await db.execute<{ same: boolean }>(sql`
      select (select xmin::text from wallet_ledger where message_id = ${id} and entry_type = 'refund')
           = (select xmin::text from message_recipients where dispatch_id = ${first} and phone = ${ORANGE}) as same`);
    expect(same.same).toBe(true);

    const removed = await call('DELETE', `/opt-outs/${encodeURIComponent(ORANGE)}`, { key: m.apiKey });
    expect(removed.status).toBe(200);
    await makeDue(db, second);
    await drain(db, tasks);
    expect(await status(m, id)).toMatchObject({ status: 'partially_delivered', delivered: 3, failed: 1, pending: 0, dispatches_done: 2, refunded_amount: 0.038 });
    expect(await walletBalances(deps, m.organizationId)).toEqual({ SVC_SMS: '0.8820' });

    // and a new send to it goes
    const next = await call('POST', '/send', { key: m.apiKey, body: { to: [ORANGE], message: 'Hi' } });
    expect(next.body.data).toMatchObject({ suppressed_recipients: 0, total_cost: 0.019 });
  });

  it('a recurring send: a later occurrence skips the phone opted out after the send, with its refund row', async () => {
    const m = await makeMerchant(db, env, { prepaid: '1', postpaid: '1' });
    const schedule = { start_date: '2027-02-01', end_date: '2027-02-03', frequency: 'daily', interval: 1, times: ['10:00'] };
    const res = await call('POST', '/send', { key: m.apiKey, body: { to: [VODACOM, AIRTEL], message: 'Weekly', sending_type: 'recurring', recurring_schedule: schedule } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ suppressed_recipients: 0, total_messages: 6, total_cost: 0.114 });
    const id = res.body.data.message_id as string;
    const [d1, d2] = await dispatchesOf(id);
    await makeDue(db, d1);
    await drain(db, tasks);
    await optOut(m, [VODACOM]);
    await makeDue(db, d2);
    await drain(db, tasks);
    expect(await ledger(id)).toEqual([
      ['SVC_SMS', 'charge', '-0.1140', null],
      ['SVC_SMS', 'refund', '0.0200', 'Opted out before the dispatch: 1 recipient'],
    ]);
    expect(await status(m, id)).toMatchObject({ delivered: 3, failed: 1, pending: 2, dispatches_done: 2, refunded_amount: 0.02 });
    // cancelling the rest refunds what the last dispatch reserved, on top
    const cancelled = (await call('DELETE', `/cancel/${id}`, { key: m.apiKey })).body.data;
    expect(cancelled).toMatchObject({ status: 'cancelled', refunded_amount: 0.038 });
    expect(await status(m, id)).toMatchObject({ refunded_amount: 0.058, cancelled: 2 });
    expect(await walletBalances(deps, m.organizationId)).toEqual({ SVC_POST_PAID: '1.0000', SVC_SMS: '0.9440' });
  });

  it('an immediate send whose every recipient opted out before its dispatch: all failed and refunded, the dispatch done', async () => {
    const m = await makeMerchant(db, env, { prepaid: '1' });
    const res = await call('POST', '/send', { key: m.apiKey, body: { to: [VODACOM, ORANGE], message: 'Hello' } });
    const id = res.body.data.message_id as string;
    await optOut(m, [VODACOM, ORANGE]);
    await runDispatch(pipeline, (await dispatchesOf(id))[0]);
    await runDispatch(pipeline, (await dispatchesOf(id))[0]); // a retried job: nothing more
    expect(await status(m, id)).toMatchObject({ status: 'failed', failed: 2, pending: 0, dispatches_done: 1, refunded_amount: 0.039 });
    expect(await ledger(id)).toEqual([
      ['SVC_SMS', 'charge', '-0.0390', null],
      ['SVC_SMS', 'refund', '0.0390', 'Opted out before the dispatch: 2 recipients'],
    ]);
    expect(await walletBalances(deps, m.organizationId)).toEqual({ SVC_SMS: '1.0000' });
    const [{ n }] = await db.execute<{ n: number }>(sql`select count(*)::int as n from webhook_events where message_id = ${id} and event_type <> 'sms.queued'`);
    expect(n).toBe(2);
  });

  it("a 500-recipient dispatch's check probes the list once: one scan of opt_outs, the two listed phones found", async () => {
    const m = await makeMerchant(db, env, { prepaid: '20' });
    const phones = Array.from({ length: 500 }, (_, i) => `+24381${String(1000000 + i).slice(1)}`);
    const res = await call('POST', '/send', { key: m.apiKey, body: { to: phones, message: 'Hello' } });
    expect(res.status).toBe(201);
    const id = res.body.data.message_id as string;
    await optOut(m, [phones[7], phones[400]]);
    const [dispatchId] = await dispatchesOf(id);
    const [{ first }] = await db.execute<{ first: string }>(sql`select first_recipient_id::text as first from message_dispatches where id = ${dispatchId}`);
    const d = { id: dispatchId, messageId: id, firstRecipientId: Number(first) };
    const [{ 'QUERY PLAN': plan }] = await db.execute<{ 'QUERY PLAN': unknown }>(sql`explain (analyze, format json) ${optedOutOfDispatches([d])}`);
    const nodes = explainedNodes(plan);
    const scans = nodes.filter((n) => n['Relation Name'] === 'opt_outs').map((n) => ({ loops: n['Actual Loops'], rows: n['Actual Rows'] }));
    const partitions = new Set(nodes.filter((n) => n['Relation Name']?.startsWith('message_recipients') && n['Actual Loops'] > 0).map((n) => n['Relation Name']!));
    expect(scans).toEqual([{ loops: 1, rows: 2 }]);
    // D24: the dispatch's recipients are read from its month's partition and the next (inDispatchBlocks), not from
    // every month's
    const month = (k: number) => {
      const at = new Date();
      at.setUTCDate(1);
      at.setUTCMonth(at.getUTCMonth() + k);
      return `message_recipients_p${at.toISOString().slice(0, 7).replace('-', '')}`;
    };
    expect([...partitions].sort()).toEqual([month(0), month(1)]);
    const found = await db.execute<{ id: number }>(optedOutOfDispatches([d]));
    const [{ n }] = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from message_recipients where id = any(${arrayLiteral(found.map((r) => r.id))}::bigint[]) and phone in (${phones[7]}, ${phones[400]})`);
    expect([found.length, n]).toEqual([2, 2]);
  });
});
