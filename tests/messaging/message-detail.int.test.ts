import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { listEventDeliveries } from '@/server/domain/webhooks/replay-event';
import { deliverDueWebhooks } from '@/server/domain/webhooks/deliver-due';
import { closePools, testDeps, testEnv } from '../helpers';
import { drain } from '../pipeline/drain';
import { startReceiver } from '../webhooks/receiver';
import { memberOf, readyMerchant, rejection, walletBalances } from './setup';
import { deliveryTasks } from '../pipeline/harness';

const env = testEnv({ CARRIER_SIM_DELAY_MS: '0', CARRIER_SIM_VALIDITY_S: '0', WEBHOOK_RETRY_SCHEDULE: '1h', WEBHOOK_TIMEOUT_MS: '1000' });
const deps = testDeps({ env });
const { tasks } = deliveryTasks(deps.db, env);
const deliver = () => deliverDueWebhooks({ db: deps.db, env, now: () => new Date() }, { budgetMs: 2_000, idleWaitMs: 50 });
// The receiver refuses sms.queued the first time (500), acknowledges everything else.
const receiver = await startReceiver({ '/hook': (hit, nth) => ({ status: hit.json?.event_type === 'sms.queued' && nth === 1 ? 500 : 200 }) });
afterAll(async () => {
  await receiver.close();
  await closePools();
});

const VODACOM = '+243810005555';
const MAGIC = [VODACOM, '+243810001111', '+243810002222', '+243810003333'];

describe('message page: counters, recipients, events, webhook attempts, replay', async () => {
  const m = await readyMerchant(deps, { prepaid: '10', webhookUrl: `${receiver.url}/hook` });
  const other = await readyMerchant(deps, { prepaid: '10' });
  const sent = await m.api.messages.compose({ app_id: m.appId, send: { to: MAGIC, message: 'Hello', sender_id: 'ACME' } });
  const id = sent.message_id;
  await drain(deps.db, tasks);
  await deliver();

  it('the counters and aggregate status of GET /status, and the message itself', async () => {
    const d = await m.api.messages.get({ id });
    expect(d.status).toMatchObject({ message_id: id, status: 'partially_delivered', total_recipients: 4, delivered: 1, failed: 3, pending: 0, cancelled: 0, dispatches_done: 1 });
    // D20: the 1111, refused at submission, came back; 2222 and 3333 were accepted, then failed: still charged
    expect(d.status).toMatchObject({ total_cost: 0.08, refunded_amount: 0.02 });
    expect(d).toMatchObject({
      body: 'Hello',
      sender_id: 'ACME',
      encoding: 'GSM-7',
      segments: 1,
      app: { app_id: m.appId, name: 'Shop' },
      channel: 'dashboard', // composed here, not sent through the REST API
      schedule: null,
      timezone: 'Africa/Kinshasa',
      dispatches: [{ seq: 0, dispatch_at: null, state: 'done', cost: 0.08, refunded: false }],
      dispatch_counts: { done: 1 },
      controls: { can_cancel: false, can_pause: false, can_resume: false, cancel_refund: 0, resume_refund: 0 },
      live: false,
      counts: { pending: 0, processing: 0, sent: 0, delivered: 1, failed: 3, cancelled: 0 },
      recipients: null,
    });
  });

  it('the recipient rows asked for, with the counters of the same snapshot', async () => {
    const d = await m.api.messages.get({ id, recipients: { state: 'failed', limit: 2 } });
    expect(d.recipients).toMatchObject({ total: 3, next_cursor: expect.any(Number) });
    expect(d.recipients!.items.map((r) => [r.phone, r.state])).toEqual([
      [MAGIC[1], 'failed'],
      [MAGIC[2], 'failed'],
    ]);
    expect(d.counts.failed).toBe(d.status.failed);
    expect((await m.api.messages.get({ id, recipients: {} })).recipients!.items).toHaveLength(4);
  });

  it('per-recipient states by keyset pages, with a state filter', async () => {
    const p1 = await m.api.messages.recipients({ id, limit: 3 });
    const p2 = await m.api.messages.recipients({ id, limit: 3, cursor: p1.next_cursor! });
    expect(p2.next_cursor).toBeNull();
    expect(p1.total).toBe(4);
    const rows = [...p1.items, ...p2.items];
    expect(rows.map((r) => [r.position, r.phone, r.state, r.error_code, r.price])).toEqual([
      [0, VODACOM, 'delivered', null, 0.02],
      [1, MAGIC[1], 'failed', 'UNKNOWN_SUBSCRIBER', 0.02],
      [2, MAGIC[2], 'failed', 'ABSENT_SUBSCRIBER', 0.02],
      [3, MAGIC[3], 'failed', 'EXPIRED', 0.02],
    ]);
    expect(rows[0]).toMatchObject({ dispatch_seq: 0, dispatch_at: null, carrier: 'simulator', sent_at: expect.any(String), done_at: expect.any(String) });
    const failed = await m.api.messages.recipients({ id, state: 'failed' });
    expect(failed).toMatchObject({ total: 3, next_cursor: null });
    expect(failed.items.map((r) => r.position)).toEqual([1, 2, 3]);
  });

  it('the event timeline in order, by pages, each with its deliveries and attempts', async () => {
    const all = await listEventDeliveries(deps.db, m.organizationId, id);
    expect(all).toHaveLength(12); // queued + 4 processing + 3 sent + 1 delivered + 3 failed
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await m.api.messages.events({ id, limit: 5, cursor });
      seen.push(...page.items.map((e) => e.event_id));
      cursor = page.next_cursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(all.map((e) => e.eventId));

    const { items } = await m.api.messages.events({ id, limit: 50 });
    const queued = items.find((e) => e.event_type === 'sms.queued')!;
    expect(queued).toMatchObject({ recipient_phone: null, payload: { event_type: 'sms.queued', message_id: id, data: { total_recipients: 4, total_cost: 0.08 } } });
    expect(queued.deliveries).toEqual([
      expect.objectContaining({ url: `${receiver.url}/hook`, state: 'pending', attempts: 1, last_status_code: 500, next_attempt_at: expect.any(String), attempt_log: [expect.objectContaining({ status_code: 500 })] }),
    ]);
    const delivered = items.find((e) => e.event_type === 'sms.delivered')!;
    expect(delivered.recipient_phone).toBe(VODACOM);
    expect(delivered.deliveries).toEqual([expect.objectContaining({ state: 'succeeded', attempts: 1, attempt_log: [expect.objectContaining({ status_code: 200, error: null })] })]);
    expect(items.filter((e) => e.event_type === 'sms.failed').map((e) => e.recipient_phone)).toEqual(MAGIC.slice(1));
  });

  it('replay creates a new delivery of the same event, delivered with the same event_id', async () => {
    const { items } = await m.api.messages.events({ id, limit: 50 });
    const queued = items.find((e) => e.event_type === 'sms.queued')!;
    const { delivery_id } = await m.api.messages.replayEvent({ event_id: queued.event_id });
    expect(delivery_id).toMatch(/^whd_/);
    await deliver();
    const after = (await m.api.messages.events({ id, limit: 50 })).items.find((e) => e.event_id === queued.event_id)!;
    expect(after.deliveries.map((d) => [d.delivery_id === delivery_id, d.state, d.attempts])).toEqual([
      [false, 'pending', 1],
      [true, 'succeeded', 1],
    ]);
    expect(receiver.hits.filter((h) => h.json?.event_id === queued.event_id)).toHaveLength(2);

    const viewer = await memberOf(deps, m.organizationId, 'viewer');
    expect(await rejection(viewer.messages.replayEvent({ event_id: queued.event_id }))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await rejection(other.api.messages.replayEvent({ event_id: queued.event_id }))).toMatchObject({ code: 'NOT_FOUND' });
    // a viewer still reads everything, and is told it may not control the send (the page hides the buttons)
    expect(await viewer.messages.get({ id })).toMatchObject({ status: { status: 'partially_delivered' }, can_control: false });
    expect(await m.api.messages.get({ id })).toMatchObject({ can_control: true });
  });

  it('another organization cannot see the message, its recipients or its events', async () => {
    const calls = [() => other.api.messages.get({ id }), () => other.api.messages.recipients({ id }), () => other.api.messages.events({ id }), () => m.api.messages.get({ id: 'msg_nope' })];
    for (const c of calls) expect(await rejection(c())).toMatchObject({ code: 'NOT_FOUND', message: 'Message not found' });
    expect(await rejection(other.api.messages.control({ id, action: 'cancel' }))).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('cancel / pause / resume buttons: the procedure behind them', () => {
  it('offers exactly the allowed actions, with the refund a cancel would give', async () => {
    const m = await readyMerchant(deps, { prepaid: '1' });
    const { message_id: id } = await m.api.messages.compose({
      app_id: m.appId,
      send: { to: [VODACOM, '+243840005555'], message: 'x', sending_type: 'scheduled', scheduled_dates: [{ date: '2030-01-05', time: '09:00' }, { date: '2030-01-06', time: '09:00' }] },
    });
    expect(await walletBalances(deps, m.organizationId)).toEqual({ SVC_SMS: '0.9220' });
    // D24: each dispatch keeps the id of its own first recipient row (its reads are bounded from it)
    const firsts = await deps.db.execute<{ seq: number; first: string; own: string; n: number }>(sql`
      select d.seq, d.first_recipient_id::text as first, min(r.id)::text as own, count(*)::int as n
        from message_dispatches d join message_recipients r on r.dispatch_id = d.id
       where d.message_id = ${id} group by d.seq, d.first_recipient_id order by d.seq`);
    expect(firsts.map((f) => [f.seq, f.n, f.first === f.own])).toEqual([[0, 2, true], [1, 2, true]]);
    expect(firsts[0].first).not.toBe(firsts[1].first);
    let d = await m.api.messages.get({ id });
    expect(d).toMatchObject({
      status: { status: 'pending', pending: 4, next_dispatch_at: '2030-01-05T08:00:00.000Z' },
      schedule: { kind: 'scheduled', scheduled_dates: [{ date: '2030-01-05', time: '09:00' }, { date: '2030-01-06', time: '09:00' }] },
      dispatch_counts: { scheduled: 2 },
      controls: { can_cancel: true, can_pause: true, can_resume: false, cancel_refund: 0.078 },
      live: true,
    });

    const viewer = await memberOf(deps, m.organizationId, 'viewer');
    expect(await rejection(viewer.messages.control({ id, action: 'pause' }))).toMatchObject({ code: 'FORBIDDEN' });

    expect(await m.api.messages.control({ id, action: 'pause' })).toMatchObject({ status: 'paused' });
    d = await m.api.messages.get({ id });
    expect(d.controls).toMatchObject({ can_cancel: true, can_pause: false, can_resume: true });
    expect(await rejection(m.api.messages.control({ id, action: 'pause' }))).toMatchObject({ code: 'CONFLICT', message: 'This send is paused; only a running send can be paused.' });
    expect(await m.api.messages.control({ id, action: 'resume' })).toMatchObject({ status: 'pending', refunded_amount: 0 });

    const cancelled = await m.api.messages.control({ id, action: 'cancel' });
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelled: 4, pending: 0, refunded_amount: 0.078 });
    expect(await walletBalances(deps, m.organizationId)).toEqual({ SVC_SMS: '1.0000' });
    d = await m.api.messages.get({ id });
    expect(d).toMatchObject({ status: { refunded_amount: 0.078 }, controls: { can_cancel: false, can_pause: false, can_resume: false, cancel_refund: 0 }, dispatch_counts: { cancelled: 2 }, live: false });
    const refunds = await deps.db.execute<{ actor: string; amount: string }>(sql`select actor, amount from wallet_ledger where message_id = ${id} and entry_type = 'refund'`);
    expect(refunds.map((r) => [r.actor, r.amount])).toEqual([[`user:${m.user.id}`, '0.0780']]);

    const now = await m.api.messages.compose({ app_id: m.appId, send: { to: [VODACOM], message: 'x' } });
    expect((await m.api.messages.get({ id: now.message_id })).controls).toMatchObject({ can_cancel: false, can_pause: false, can_resume: false });
    expect(await rejection(m.api.messages.control({ id: now.message_id, action: 'cancel' }))).toMatchObject({ code: 'CONFLICT' });
  });
});
