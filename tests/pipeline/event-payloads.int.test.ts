import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createPipeline } from '@/server/domain/delivery/pipeline';
import { simulatorSettings } from '@/server/domain/carrier/simulator/driver';
import { runDispatch } from '@/server/domain/delivery/run-dispatch';
import { closePools, makeMerchant, restClient, testClock, testDeps, testEnv } from '../helpers';
import { simulatorPass } from './drain';

/**
 * The exact rows each step writes: every recipient event's payload (event id, type, timestamp, data with the
 * step's own time) and created_at, the recipients' columns and the message's counters, with a clock that moves
 * between steps. Pins what the set statements build in SQL against what the spec's Events table says.
 */
// the simulator answers a second after a row is handed to it, and its validity ends two seconds after it was sent
const env = testEnv({ CARRIER_SIM_DELAY_MS: '1000', CARRIER_SIM_VALIDITY_S: '2' });
const deps = testDeps({ env });
const call = restClient(deps);
const clock = testClock(new Date('2027-03-01T08:00:00.000Z'));
const pipeline = createPipeline(deps.db, env, clock.now);
/** One pass of the simulator connector's driver at the clock's time. */
const pass = () => simulatorPass(deps.db, simulatorSettings(env), clock.now());
afterAll(closePools);

const VODACOM = '+243810005555';
const ORANGE = '+243841235555';
const NO_ROW = '+33612345555'; // no price row: the default price, no network
const M1111 = '+243810001111';
const M2222 = '+243810002222';
const M3333 = '+243810003333';
const T = (s: number) => new Date(Date.parse('2027-03-01T08:00:00.000Z') + s * 1000).toISOString();

type EventRow = { id: string; event_type: string; recipient_id: number; dispatch_id: string; created_at: string; payload: any; phone: string };
async function eventsOf(messageId: string, type: string) {
  const rows = await deps.db.execute<EventRow>(sql`
    select e.id, e.event_type, e.recipient_id, e.dispatch_id, e.created_at, e.payload, r.phone
      from webhook_events e join message_recipients r on r.id = e.recipient_id
     where e.message_id = ${messageId} and e.event_type = ${type} order by r.position`);
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
}
/** The simulator connector's outbox rows of a message: what the driver will act on next, and when. */
async function outboxOf(messageId: string) {
  const rows = await deps.db.execute<{ phone: string; connector: string; state: string; next_at: string; expires_at: string }>(sql`
    select r.phone, k.name as connector, o.state, o.next_at, o.expires_at
      from carrier_outbox o join message_recipients r on r.id = o.recipient_id join connectors k on k.id = o.connector_id
     where r.message_id = ${messageId} order by r.position`);
  return rows.map((r) => [r.phone, r.connector, r.state, new Date(r.next_at).toISOString()]);
}
const envelope = (e: EventRow, messageId: string, at: string, data: Record<string, unknown>) => ({
  event_id: e.id,
  event_type: e.event_type,
  timestamp: at,
  message_id: messageId,
  data,
});

describe('pipeline steps: exact events, rows and counters', () => {
  it('each step writes its events with its own time, the connector\'s name as carrier, and the counters', async () => {
    const m = await makeMerchant(deps.db, env, { prepaid: '10' });
    const res = await call('POST', '/send', { key: m.apiKey, body: { to: [VODACOM, ORANGE, NO_ROW, M1111, M2222, M3333], message: 'Hello' } });
    expect(res.status).toBe(201);
    const id = res.body.data.message_id as string;
    const [{ id: dispatchId }] = await deps.db.execute<{ id: string }>(sql`select id from message_dispatches where message_id = ${id}`);
    const label: Record<string, string> = { [VODACOM]: 'simulator', [ORANGE]: 'simulator', [NO_ROW]: 'simulator', [M1111]: 'simulator', [M2222]: 'simulator', [M3333]: 'simulator' };

    clock.set(new Date(T(1)));
    await runDispatch(pipeline, dispatchId);
    const processing = await eventsOf(id, 'sms.processing');
    expect(processing.map((e) => e.phone)).toEqual([VODACOM, ORANGE, NO_ROW, M1111, M2222, M3333]);
    for (const e of processing) {
      expect(e).toMatchObject({ dispatch_id: dispatchId, created_at: T(1) });
      expect(e.payload).toEqual(envelope(e, id, T(1), { recipient_phone: e.phone, carrier: label[e.phone], dispatch_at: null }));
    }
    const [afterDispatch] = await deps.db.execute<{ picked_up: number; next_dispatch_at: string | null; updated_at: string; state: string; started_at: string }>(sql`
      select m.picked_up, m.next_dispatch_at, m.updated_at, d.state, d.started_at from messages m join message_dispatches d on d.message_id = m.id where m.id = ${id}`);
    expect({ ...afterDispatch, updated_at: new Date(afterDispatch.updated_at).toISOString(), started_at: new Date(afterDispatch.started_at).toISOString() })
      .toEqual({ picked_up: 6, next_dispatch_at: null, updated_at: T(1), state: 'running', started_at: T(1) });
    // every recipient in the simulator connector's outbox (the sandbox's fallback), handed over at the dispatch's time
    expect(await outboxOf(id)).toEqual([VODACOM, ORANGE, NO_ROW, M1111, M2222, M3333].map((p) => [p, 'simulator', 'queued', T(1)]));
    expect(await pass()).toBe(0); // not before CARRIER_SIM_DELAY_MS

    clock.set(new Date(T(2)));
    expect(await pass()).toBe(6);
    const sent = await eventsOf(id, 'sms.sent');
    expect(sent.map((e) => e.phone)).toEqual([VODACOM, ORANGE, NO_ROW, M2222, M3333]);
    for (const e of sent) {
      expect(e).toMatchObject({ dispatch_id: dispatchId, created_at: T(2) });
      expect(e.payload).toEqual(envelope(e, id, T(2), { recipient_phone: e.phone, carrier: label[e.phone], sent_at: T(2), dispatch_at: null }));
    }
    const [unknown] = await eventsOf(id, 'sms.failed');
    expect(unknown.created_at).toBe(T(2));
    expect(unknown.payload).toEqual(envelope(unknown, id, T(2), {
      recipient_phone: M1111, carrier: 'simulator', failed_at: T(2), error_code: 'UNKNOWN_SUBSCRIBER',
      error_message: 'The number is not assigned to a subscriber.', retryable: false, dispatch_at: null,
    }));
    // the sent ones wait for their receipt a delay later; 3333, which never gets one, until its validity ends
    expect(await outboxOf(id)).toEqual([
      [VODACOM, 'simulator', 'sent', T(3)],
      [ORANGE, 'simulator', 'sent', T(3)],
      [NO_ROW, 'simulator', 'sent', T(3)],
      [M2222, 'simulator', 'sent', T(3)],
      [M3333, 'simulator', 'sent', T(4)],
    ]);
    const [afterSubmit] = await deps.db.execute<{ state: string; dispatches_done: number }>(sql`
      select d.state, m.dispatches_done from messages m join message_dispatches d on d.message_id = m.id where m.id = ${id}`);
    expect(afterSubmit).toEqual({ state: 'running', dispatches_done: 0 });

    clock.set(new Date(T(3)));
    expect(await pass()).toBe(4);
    const delivered = await eventsOf(id, 'sms.delivered');
    expect(delivered.map((e) => e.phone)).toEqual([VODACOM, ORANGE, NO_ROW]);
    for (const e of delivered) {
      expect(e).toMatchObject({ dispatch_id: dispatchId, created_at: T(3) });
      expect(e.payload).toEqual(envelope(e, id, T(3), { recipient_phone: e.phone, carrier: label[e.phone], delivered_at: T(3), segments: 1, dispatch_at: null }));
    }
    clock.set(new Date(T(4)));
    expect(await pass()).toBe(1);
    expect(await outboxOf(id)).toEqual([]);
    const failed = await eventsOf(id, 'sms.failed');
    expect(failed.map((e) => [e.phone, e.created_at, e.payload.data.error_code, e.payload.data.failed_at, e.payload.data.retryable])).toEqual([
      [M1111, T(2), 'UNKNOWN_SUBSCRIBER', T(2), false],
      [M2222, T(3), 'ABSENT_SUBSCRIBER', T(3), true],
      [M3333, T(4), 'EXPIRED', T(4), true],
    ]);
    expect(failed[1].payload.data).toEqual({
      recipient_phone: M2222, carrier: 'simulator', failed_at: T(3), error_code: 'ABSENT_SUBSCRIBER',
      error_message: 'The handset was unreachable; the carrier reported a failure.', retryable: true, dispatch_at: null,
    });

    const rows = await deps.db.execute<{ phone: string; state: string; carrier: string; sent_at: string | null; done_at: string; error_code: string | null; error_message: string | null }>(sql`
      select phone, state, carrier, sent_at, done_at, error_code, error_message from message_recipients where message_id = ${id} order by position`);
    const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());
    expect(rows.map((r) => [r.phone, r.state, r.carrier, iso(r.sent_at), iso(r.done_at), r.error_code])).toEqual([
      [VODACOM, 'delivered', 'simulator', T(2), T(3), null],
      [ORANGE, 'delivered', 'simulator', T(2), T(3), null],
      [NO_ROW, 'delivered', 'simulator', T(2), T(3), null],
      [M1111, 'failed', 'simulator', null, T(2), 'UNKNOWN_SUBSCRIBER'],
      [M2222, 'failed', 'simulator', T(2), T(3), 'ABSENT_SUBSCRIBER'],
      [M3333, 'failed', 'simulator', T(2), T(4), 'EXPIRED'],
    ]);
    const [msg] = await deps.db.execute<{ picked_up: number; delivered: number; failed: number; dispatches_done: number; updated_at: string; state: string; finished_at: string }>(sql`
      select m.picked_up, m.delivered, m.failed, m.dispatches_done, m.updated_at, d.state, d.finished_at
        from messages m join message_dispatches d on d.message_id = m.id where m.id = ${id}`);
    expect({ ...msg, updated_at: iso(msg.updated_at), finished_at: iso(msg.finished_at) })
      .toEqual({ picked_up: 6, delivered: 3, failed: 3, dispatches_done: 1, updated_at: T(4), state: 'done', finished_at: T(4) });
  });

  it('a scheduled dispatch carries its dispatch_at in every recipient event', async () => {
    const m = await makeMerchant(deps.db, env, { prepaid: '10' });
    const res = await call('POST', '/send', {
      key: m.apiKey,
      body: { to: [VODACOM], message: 'x', sending_type: 'scheduled', scheduled_dates: [{ date: '2027-01-05', time: '09:00' }] },
    });
    expect(res.status).toBe(201);
    const id = res.body.data.message_id as string;
    const [d] = await deps.db.execute<{ id: string; dispatch_at: string }>(sql`select id, dispatch_at from message_dispatches where message_id = ${id}`);
    const at = new Date(d.dispatch_at).toISOString();
    clock.set(new Date(T(10)));
    await runDispatch(pipeline, d.id);
    clock.set(new Date(T(11)));
    await pass();
    clock.set(new Date(T(12)));
    await pass();
    const all = await deps.db.execute<{ event_type: string; payload: any }>(sql`
      select event_type, payload from webhook_events where message_id = ${id} and recipient_id is not null order by event_type`);
    expect(all.map((e) => [e.event_type, e.payload.data.dispatch_at])).toEqual([
      ['sms.delivered', at],
      ['sms.processing', at],
      ['sms.sent', at],
    ]);
  });
});
