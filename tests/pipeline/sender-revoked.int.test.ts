import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { setRoute } from '@/server/domain/carrier/connectors';
import { decideSenderId } from '@/server/domain/sender-ids/review';
import { requestSenderId } from '@/server/domain/sender-ids/sender-ids';
import { closePools, makeMerchant, testEnv } from '../helpers';
import { walletBalances } from '../messaging/setup';
import { drain, makeDue } from './drain';
import { pipelineHarness } from './harness';

/**
 * D22 at a later dispatch (live): a recurring send accepted from an approved sender ID whose ID is revoked before
 * its next occurrence fails that occurrence's recipients SENDER_ID_NOT_ALLOWED, with their sms.failed events, and
 * refunds them (D20); the occurrence before it went. In live the simulator connector takes only what a route sends
 * it (D14 amended): the merchant's own route to it (an organization route, so no other test's send sees it).
 */
const env = testEnv({ SMS_ENV: 'live', CARRIER_SIM_DELAY_MS: '0', CARRIER_SIM_VALIDITY_S: '0', CARRIER_SIM_FAILURE_RATE: '0' });
const { deps, call, tasks } = pipelineHarness(env);
const db = deps.db;
afterAll(closePools);

const VODACOM = '+243810005555'; // 0.02 per segment
const AIRTEL = '+243970005555'; // 0.018

describe('a sender ID revoked after the send was accepted (D22)', () => {
  it("the recurring send's next dispatch fails its recipients SENDER_ID_NOT_ALLOWED, refunded, with sms.failed", async () => {
    const m = await makeMerchant(db, env, { prepaid: '1', keyStatus: 'allowed' });
    const [simulator] = await db.execute<{ id: string }>(sql`select id from connectors where name = 'simulator'`);
    await setRoute(db, '243', m.organizationId, [simulator.id]);
    const now = new Date();
    const sid = await requestSenderId(db, { organizationId: m.organizationId, sender_id: 'ACME', purpose: 'Weekly news', sample_message: 'News', actor: 'test', now });
    await decideSenderId(db, { id: sid.id, decision: 'approve', actor: 'test-operator', now });
    const schedule = { start_date: '2027-02-01', end_date: '2027-02-02', frequency: 'daily', interval: 1, times: ['10:00'] };
    const res = await call('POST', '/send', {
      key: m.apiKey,
      body: { to: [VODACOM, AIRTEL], message: 'Weekly', sender_id: 'ACME', sending_type: 'recurring', recurring_schedule: schedule },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ total_messages: 4, total_cost: 0.076 });
    const id = res.body.data.message_id as string;
    const [d1, d2] = (await db.execute<{ id: string }>(sql`select id from message_dispatches where message_id = ${id} order by seq`)).map((d) => d.id);
    await makeDue(db, d1);
    await drain(db, tasks);
    await decideSenderId(db, { id: sid.id, decision: 'revoke', reason: 'Complaints', actor: 'test-operator', now });
    await makeDue(db, d2);
    await drain(db, tasks);

    const rows = await db.execute<{ seq: number; phone: string; state: string; error_code: string | null }>(sql`
      select d.seq, r.phone, r.state, r.error_code from message_recipients r join message_dispatches d on d.id = r.dispatch_id
       where r.message_id = ${id} order by d.seq, r.position`);
    expect(rows.map((r) => [r.seq, r.phone, r.state, r.error_code])).toEqual([
      [0, VODACOM, 'delivered', null],
      [0, AIRTEL, 'delivered', null],
      [1, VODACOM, 'failed', 'SENDER_ID_NOT_ALLOWED'],
      [1, AIRTEL, 'failed', 'SENDER_ID_NOT_ALLOWED'],
    ]);
    const ledger = await db.execute<{ entry_type: string; amount: string; note: string | null }>(
      sql`select l.entry_type, l.amount, l.note from wallet_ledger l where l.message_id = ${id} order by l.id`,
    );
    expect(ledger.map((l) => [l.entry_type, l.amount, l.note])).toEqual([
      ['charge', '-0.0760', null],
      ['refund', '0.0380', 'Sender ID not allowed at the dispatch: 2 recipients'],
    ]);
    const failed = await db.execute<{ data: Record<string, unknown> }>(sql`
      select e.payload->'data' as data from webhook_events e where e.message_id = ${id} and e.event_type = 'sms.failed' and e.dispatch_id = ${d2}`);
    expect(failed).toHaveLength(2);
    expect(failed[0].data).toMatchObject({
      error_code: 'SENDER_ID_NOT_ALLOWED',
      error_message: 'The sender ID is no longer allowed for the organization (revoked, or a number it no longer holds).',
      retryable: false,
    });
    const status = (await call('GET', `/status/${id}`, { key: m.apiKey })).body.data;
    expect(status).toMatchObject({ status: 'partially_delivered', delivered: 2, failed: 2, refunded_amount: 0.038, dispatches_done: 2 });
    expect(await walletBalances(deps, m.organizationId)).toEqual({ SVC_SMS: '0.9620' });
  });
});
