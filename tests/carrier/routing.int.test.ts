import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createConnector } from '@/server/domain/carrier/connectors';
import { createPipeline } from '@/server/domain/delivery/pipeline';
import { runDispatch } from '@/server/domain/delivery/run-dispatch';
import { closePools } from '../helpers';
import { carrierHarness } from './harness';

const h = carrierHarness();
afterAll(closePools);

describe('routes (D14): longest prefix, an organization route beats a platform one', () => {
  it('hands each recipient to the first connector of its best route, or (sandbox) to the simulator connector', async () => {
    const a = await h.connector('r-a', 1);
    const b = await h.connector('r-b', 1);
    const c = await h.connector('r-c', 1);
    const sim = await createConnector(h.db, 'r-sim', { kind: 'simulator' }, h.env.APP_SECRET);
    const mine = await h.merchant();
    const other = await h.merchant();
    const routed = async (key: string, to: string[]) => {
      const id = await h.send(key, to, 'route me');
      return h.db.execute<{ phone: string; route: string[]; connector_id: string | null; state: string }>(sql`
        select r.phone, o.route, o.connector_id, r.state from message_recipients r left join carrier_outbox o on o.recipient_id = r.id
         where r.message_id = ${id} order by r.position`);
    };
    // no route at all (SMPP connectors exist): in the sandbox every recipient goes to the simulator, which delivers it
    // (a decided recipient leaves the outbox)
    expect((await h.db.execute<{ n: number }>(sql`select count(*)::int as n from routes`))[0].n).toBe(0);
    expect((await routed(mine.apiKey, ['+243814001234', '+243970001234'])).map((r) => [r.phone, r.route, r.state])).toEqual([
      ['+243814001234', null, 'delivered'],
      ['+243970001234', null, 'delivered'],
    ]);
    await h.route('24381', [a.id, b.id]);
    await h.route('2438140', [b.id]);
    await h.route('2438140', [c.id, a.id], mine.organizationId);
    await h.route('243814', [c.id], other.organizationId); // shorter than the platform 2438140: loses
    await h.route('24382', [sim.id]); // a simulator-kind connector like any other

    expect((await routed(mine.apiKey, ['+243814001234', '+243815001234', '+243820001234', '+243970001234'])).map((r) => [r.phone, r.route, r.state])).toEqual([
      ['+243814001234', [c.id, a.id], 'processing'],
      ['+243815001234', [a.id, b.id], 'processing'],
      ['+243820001234', null, 'delivered'],
      ['+243970001234', null, 'delivered'],
    ]);
    expect((await routed(other.apiKey, ['+243814001234', '+243814101234'])).map((r) => [r.phone, r.connector_id])).toEqual([
      ['+243814001234', b.id],
      ['+243814101234', c.id],
    ]);
  });
});

describe('hand-over: a dispatch hands each recipient to its carrier as it starts', () => {
  it('its job puts them in the outbox labelled with the connector, and the commit wakes the owner', async () => {
    const a = await h.connector('now-a', 1);
    const b = await h.connector('now-b', 1);
    await h.route('24389', [a.id]);
    await h.route('24388', [b.id]);
    const m = await h.merchant();
    const woken: string[] = [];
    const listening = await h.db.$client.listen('carrier_outbox', (id) => woken.push(id));
    try {
      const id = await h.send(m.apiKey, ['+243891234567', '+243881234567', '+243891234568'], 'now');
      const rows = await h.db.execute<{ phone: string; state: string; carrier: string; connector_id: string; outbox: string }>(sql`
        select r.phone, r.state, r.carrier, o.connector_id, o.state as outbox
          from message_recipients r join carrier_outbox o on o.recipient_id = r.id where r.message_id = ${id} order by r.position`);
      expect(rows.map((r) => [r.phone, r.state, r.carrier, r.connector_id, r.outbox])).toEqual([
        ['+243891234567', 'processing', 'now-a', a.id, 'queued'],
        ['+243881234567', 'processing', 'now-b', b.id, 'queued'],
        ['+243891234568', 'processing', 'now-a', a.id, 'queued'],
      ]);
      const events = await h.db.execute<{ carrier: string }>(sql`
        select payload->'data'->>'carrier' as carrier from webhook_events where message_id = ${id} and event_type = 'sms.processing'`);
      expect(events.map((e) => e.carrier).sort()).toEqual(['now-a', 'now-a', 'now-b']);
      // one notification per connector, delivered at commit
      const until = Date.now() + 2000;
      while (woken.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
      expect(woken.sort()).toEqual([a.id, b.id].sort());
    } finally {
      await listening.unlisten();
    }
  });

  it('live: a recipient whose route went away since the send fails NO_ROUTE at its dispatch, is handed to nothing, and is refunded (D14, D20)', async () => {
    const a = await h.connector('gone-a', 1);
    const routeId = await h.route('24386', [a.id]);
    const m = await h.merchant();
    const res = await h.call('POST', '/send', { key: m.apiKey, body: { to: ['+243861234567', '+243861234568'], message: 'later' } });
    expect(res.status).toBe(201);
    const id = res.body.data.message_id as string;
    const [{ id: dispatchId }] = await h.db.execute<{ id: string }>(sql`select id from message_dispatches where message_id = ${id}`);
    await h.db.execute(sql`delete from routes where id = ${routeId}`);
    await runDispatch(createPipeline(h.db, { ...h.env, SMS_ENV: 'live' }), dispatchId);
    const rows = await h.db.execute<{ phone: string; state: string; error_code: string; error_message: string; outbox: number }>(sql`
      select r.phone, r.state, r.error_code, r.error_message, (select count(*)::int from carrier_outbox o where o.recipient_id = r.id) as outbox
        from message_recipients r where r.message_id = ${id} order by r.position`);
    expect(rows.map((r) => [r.phone, r.state, r.error_code, r.error_message, r.outbox])).toEqual([
      ['+243861234567', 'failed', 'NO_ROUTE', 'No carrier route for the number.', 0],
      ['+243861234568', 'failed', 'NO_ROUTE', 'No carrier route for the number.', 0],
    ]);
    const failed = await h.db.execute<{ data: Record<string, unknown> }>(sql`
      select payload->'data' as data from webhook_events where message_id = ${id} and event_type = 'sms.failed' order by recipient_id`);
    expect(failed.map((e) => [e.data.carrier, e.data.error_code, e.data.retryable])).toEqual([
      ['unknown', 'NO_ROUTE', false],
      ['unknown', 'NO_ROUTE', false],
    ]);
    const ledger = await h.db.execute<{ entry_type: string; amount: string; note: string | null }>(sql`
      select entry_type, amount, note from wallet_ledger where message_id = ${id} order by id`);
    expect(ledger.map((l) => [l.entry_type, l.amount, l.note])).toEqual([
      ['charge', '-0.0400', null],
      ['refund', '0.0400', 'No carrier route at the dispatch: 2 recipients'],
    ]);
    const [d] = await h.db.execute<{ state: string }>(sql`select state from message_dispatches where id = ${dispatchId}`);
    expect(d.state).toBe('done');
  });
});
