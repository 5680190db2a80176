import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { runDispatch } from '@/server/domain/delivery/run-dispatch';
import { simulatorSettings } from '@/server/domain/carrier/simulator/driver';
import { closePools, makeMerchant, restClient, testDeps, testEnv } from '../helpers';
import { drain, simulatorPass } from './drain';
import { deliveryTasks } from './harness';

const env = testEnv({ CARRIER_SIM_DELAY_MS: '0', CARRIER_SIM_VALIDITY_S: '0' });
const deps = testDeps({ env });
const call = restClient(deps);
const { pipeline, tasks } = deliveryTasks(deps.db, env);
afterAll(closePools);

const NORMAL = '+243810005555';
const M1111 = '+243810001111';
const M2222 = '+243810002222';
const M3333 = '+243810003333';

async function sendNow(key: string, to: string[], message = 'Hello') {
  const res = await call('POST', '/send', { key, body: { to, message } });
  expect(res.status).toBe(201);
  return res.body.data.message_id as string;
}
const status = async (key: string, id: string) => (await call('GET', `/status/${id}`, { key })).body.data;
async function eventsOf(id: string) {
  return deps.db.execute<{ id: string; event_type: string; recipient_id: number | null; payload: any }>(
    sql`select id, event_type, recipient_id, payload from webhook_events where message_id = ${id} order by created_at, event_type`,
  );
}

describe('delivery pipeline: dispatch, carrier simulation, state machine (D5, D11)', () => {
  it('walks each magic number to its terminal state with the exact events', async () => {
    const m = await makeMerchant(deps.db, env, { prepaid: '10' });
    const id = await sendNow(m.apiKey, [NORMAL, M1111, M2222, M3333]);
    expect((await status(m.apiKey, id)).status).toBe('pending');
    await drain(deps.db, tasks);
    expect(await status(m.apiKey, id)).toMatchObject({ status: 'partially_delivered', delivered: 1, failed: 3, pending: 0, dispatches_done: 1 });

    const rows = await deps.db.execute<{ phone: string; state: string; error_code: string | null }>(
      sql`select phone, state, error_code from message_recipients where message_id = ${id} order by position`,
    );
    expect(rows.map((r) => [r.phone, r.state, r.error_code])).toEqual([
      [NORMAL, 'delivered', null],
      [M1111, 'failed', 'UNKNOWN_SUBSCRIBER'],
      [M2222, 'failed', 'ABSENT_SUBSCRIBER'],
      [M3333, 'failed', 'EXPIRED'],
    ]);

    const events = await eventsOf(id);
    const byPhone = (phone: string) => events.filter((e) => e.payload.data.recipient_phone === phone).map((e) => e.event_type).sort();
    expect(events.filter((e) => e.event_type === 'sms.queued')).toHaveLength(1);
    expect(byPhone(NORMAL)).toEqual(['sms.delivered', 'sms.processing', 'sms.sent']);
    expect(byPhone(M1111)).toEqual(['sms.failed', 'sms.processing']);
    expect(byPhone(M2222)).toEqual(['sms.failed', 'sms.processing', 'sms.sent']);
    expect(byPhone(M3333)).toEqual(['sms.failed', 'sms.processing', 'sms.sent']);

    const queued = events.find((e) => e.event_type === 'sms.queued')!.payload;
    expect(queued).toEqual({
      event_id: queued.event_id,
      event_type: 'sms.queued',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      message_id: id,
      data: { total_recipients: 4, total_messages: 4, total_cost: 0.08, currency: 'USD', scheduled_at: null },
    });
    expect(queued.event_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const delivered = events.find((e) => e.event_type === 'sms.delivered')!.payload;
    expect(delivered.data).toEqual({ recipient_phone: NORMAL, carrier: 'simulator', delivered_at: expect.any(String), segments: 1, dispatch_at: null });
    const unknown = events.find((e) => e.event_type === 'sms.failed' && e.payload.data.recipient_phone === M1111)!.payload;
    expect(unknown.data).toEqual({
      recipient_phone: M1111,
      carrier: 'simulator',
      failed_at: expect.any(String),
      error_code: 'UNKNOWN_SUBSCRIBER',
      error_message: 'The number is not assigned to a subscriber.',
      retryable: false,
      dispatch_at: null,
    });
    const sent = events.find((e) => e.event_type === 'sms.sent')!.payload;
    expect(Object.keys(sent.data).sort()).toEqual(['carrier', 'dispatch_at', 'recipient_phone', 'sent_at']);
  });

  it('all delivered -> delivered; all failed -> failed', async () => {
    const m = await makeMerchant(deps.db, env, { prepaid: '10' });
    const ok = await sendNow(m.apiKey, [NORMAL, '+243820004444']);
    const ko = await sendNow(m.apiKey, [M1111, M2222]);
    await drain(deps.db, tasks);
    expect(await status(m.apiKey, ok)).toMatchObject({ status: 'delivered', delivered: 2, failed: 0, pending: 0 });
    expect(await status(m.apiKey, ko)).toMatchObject({ status: 'failed', delivered: 0, failed: 2, pending: 0 });
  });

  it('a retried step neither moves a recipient twice nor emits a second event', async () => {
    const m = await makeMerchant(deps.db, env, { prepaid: '10' });
    const id = await sendNow(m.apiKey, [NORMAL, M2222]);
    const [{ id: dispatchId }] = await deps.db.execute<{ id: string }>(sql`select id from message_dispatches where message_id = ${id}`);
    await runDispatch(pipeline, dispatchId);
    await runDispatch(pipeline, dispatchId);
    await simulatorPass(deps.db, simulatorSettings(env));
    await simulatorPass(deps.db, simulatorSettings(env));
    await drain(deps.db, tasks);
    await simulatorPass(deps.db, simulatorSettings(env));
    const counts = await deps.db.execute<{ event_type: string; n: number }>(
      sql`select event_type, count(*)::int as n from webhook_events where message_id = ${id} group by event_type order by event_type`,
    );
    expect(counts.map((c) => [c.event_type, c.n])).toEqual([
      ['sms.delivered', 1],
      ['sms.failed', 1],
      ['sms.processing', 2],
      ['sms.queued', 1],
      ['sms.sent', 2],
    ]);
    expect(await status(m.apiKey, id)).toMatchObject({ delivered: 1, failed: 1, pending: 0, dispatches_done: 1 });
  });

  it('a job that dies mid-step is retried without duplicates or lost recipients', async () => {
    const m = await makeMerchant(deps.db, env, { prepaid: '10' });
    const id = await sendNow(m.apiKey, [NORMAL, '+243820004444', M1111]);
    const [{ id: dispatchId }] = await deps.db.execute<{ id: string }>(sql`select id from message_dispatches where message_id = ${id}`);
    await runDispatch(pipeline, dispatchId);
    // the simulator dies in the middle of its answers: the whole pass rolls back
    const crashing = { ...simulatorSettings(env), failureRate: 0.5, random: () => { throw new Error('SMSC connection reset'); } };
    await expect(simulatorPass(deps.db, crashing)).rejects.toThrow('SMSC connection reset');
    const [{ n }] = await deps.db.execute<{ n: number }>(sql`select count(*)::int as n from message_recipients where message_id = ${id} and state = 'processing'`);
    expect(n).toBe(3);
    await drain(deps.db, tasks); // the next pass
    expect(await status(m.apiKey, id)).toMatchObject({ status: 'partially_delivered', delivered: 2, failed: 1, pending: 0 });
    const [{ dup }] = await deps.db.execute<{ dup: number }>(sql`
      select count(*)::int as dup from (select recipient_id, event_type from webhook_events where message_id = ${id} and recipient_id is not null
        group by 1, 2 having count(*) > 1) x`);
    expect(dup).toBe(0);
  });

  it('1000 recipients reach a terminal state in a handful of set statements', async () => {
    const m = await makeMerchant(deps.db, env, { prepaid: '100' });
    const to = Array.from({ length: 1000 }, (_, i) => `+24381${String(1000000 + i)}`);
    const id = await sendNow(m.apiKey, to);
    const t = performance.now();
    await drain(deps.db, tasks);
    const ms = performance.now() - t;
    expect(await status(m.apiKey, id)).toMatchObject({ status: 'delivered', delivered: 1000, pending: 0 });
    const [{ n }] = await deps.db.execute<{ n: number }>(sql`select count(*)::int as n from webhook_events where message_id = ${id}`);
    expect(n).toBe(1 + 1000 * 3);
    console.log(`pipeline: 1000 recipients terminal in ${ms.toFixed(0)} ms`);
  });

  it("a send's rows hold together without foreign keys: no recipient without its dispatch, dispatch without its message, message without its app and organization", async () => {
    const [orphans] = await deps.db.execute<{ recipients: number; dispatches: number; messages: number; sends: number }>(sql`
      select (select count(*)::int from message_recipients r where not exists (select 1 from message_dispatches d where d.id = r.dispatch_id and d.message_id = r.message_id)) as recipients,
             (select count(*)::int from message_dispatches d where not exists (select 1 from messages m where m.id = d.message_id)) as dispatches,
             (select count(*)::int from messages m where not exists (select 1 from gateway_apps a where a.id = m.app_id and a.organization_id = m.organization_id)) as messages,
             (select count(*)::int from messages) as sends`);
    expect(orphans).toEqual({ recipients: 0, dispatches: 0, messages: 0, sends: orphans.sends });
    expect(orphans.sends).toBeGreaterThan(5);
  });
});
