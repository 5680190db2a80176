import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createConnector } from '@/server/domain/carrier/connectors';
import { createPipeline } from '@/server/domain/delivery/pipeline';
import { submitDispatch } from '@/server/domain/delivery/carrier-steps';
import { runDispatch } from '@/server/domain/delivery/run-dispatch';
import { closePools } from '../helpers';
import { carrierHarness } from './harness';

const h = carrierHarness();
afterAll(closePools);

describe('routes (D14): longest prefix, an organization route beats a platform one', () => {
  it('hands each recipient to the first connector of its best route, or leaves it to the simulator', async () => {
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
    // no route at all (SMPP connectors exist): every recipient stays with the simulator
    expect((await h.db.execute<{ n: number }>(sql`select count(*)::int as n from routes`))[0].n).toBe(0);
    expect((await routed(mine.apiKey, ['+243814001234', '+243970001234'])).map((r) => [r.phone, r.route, r.state])).toEqual([
      ['+243814001234', null, 'delivered'],
      ['+243970001234', null, 'delivered'],
    ]);
    await h.route('24381', [a.id, b.id]);
    await h.route('2438140', [b.id]);
    await h.route('2438140', [c.id, a.id], mine.organizationId);
    await h.route('243814', [c.id], other.organizationId); // shorter than the platform 2438140: loses
    await h.route('24382', [sim.id]); // simulator connectors only: the simulator

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
  it('its job puts them in the outbox labelled with the connector, adds no simulator job, and the commit wakes the owner', async () => {
    const a = await h.connector('now-a', 1);
    const b = await h.connector('now-b', 1);
    await h.route('24389', [a.id]);
    await h.route('24388', [b.id]);
    const m = await h.merchant();
    const woken: string[] = [];
    const listening = await h.db.$client.listen('carrier_outbox', (id) => woken.push(id));
    try {
      const id = await h.send(m.apiKey, ['+243891234567', '+243881234567', '+243891234568'], 'now');
      const rows = await h.db.execute<{ phone: string; state: string; handed_to: string; carrier: string; connector_id: string; outbox: string }>(sql`
        select r.phone, r.state, r.handed_to, r.carrier, o.connector_id, o.state as outbox
          from message_recipients r join carrier_outbox o on o.recipient_id = r.id where r.message_id = ${id} order by r.position`);
      expect(rows.map((r) => [r.phone, r.state, r.handed_to, r.carrier, r.connector_id, r.outbox])).toEqual([
        ['+243891234567', 'processing', 'smpp', 'now-a', a.id, 'queued'],
        ['+243881234567', 'processing', 'smpp', 'now-b', b.id, 'queued'],
        ['+243891234568', 'processing', 'smpp', 'now-a', a.id, 'queued'],
      ]);
      const events = await h.db.execute<{ carrier: string }>(sql`
        select payload->'data'->>'carrier' as carrier from webhook_events where message_id = ${id} and event_type = 'sms.processing'`);
      expect(events.map((e) => e.carrier).sort()).toEqual(['now-a', 'now-a', 'now-b']);
      // every recipient went to a connector: no carrier_submit job was added (graphile-worker's public view, by job key)
      const jobs = await h.db.execute<{ n: number }>(sql`select count(*)::int as n from graphile_worker.jobs j join message_dispatches d
        on j.key = 'submit:' || d.id where d.message_id = ${id}`);
      expect(jobs[0].n).toBe(0);
      // one notification per connector, delivered at commit
      const until = Date.now() + 2000;
      while (woken.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
      expect(woken.sort()).toEqual([a.id, b.id].sort());
    } finally {
      await listening.unlisten();
    }
  });

  it('a dispatch started before recipients recorded their carrier is routed by its carrier_submit job', async () => {
    const a = await h.connector('legacy-a', 1);
    await h.route('24387', [a.id]);
    const m = await h.merchant();
    const res = await h.call('POST', '/send', { key: m.apiKey, body: { to: ['+243871234567', '+243970001234'], message: 'old' } });
    const id = res.body.data.message_id as string;
    const [{ id: dispatchId }] = await h.db.execute<{ id: string }>(sql`select id from message_dispatches where message_id = ${id}`);
    const pipeline = createPipeline(h.db, h.env);
    await runDispatch(pipeline, dispatchId);
    // as migration 0022 leaves a dispatch that had started but not been submitted: processing, in no outbox, no carrier
    await h.db.execute(sql`delete from carrier_outbox where recipient_id in (select id from message_recipients where message_id = ${id})`);
    await h.db.execute(sql`update message_recipients set handed_to = null where message_id = ${id}`);
    await submitDispatch(pipeline, dispatchId);
    const rows = await h.db.execute<{ phone: string; state: string; handed_to: string; connector_id: string | null }>(sql`
      select r.phone, r.state, r.handed_to, o.connector_id from message_recipients r left join carrier_outbox o on o.recipient_id = r.id
       where r.message_id = ${id} order by r.position`);
    expect(rows.map((r) => [r.phone, r.state, r.handed_to, r.connector_id])).toEqual([
      ['+243871234567', 'processing', 'smpp', a.id],
      ['+243970001234', 'sent', 'simulator', null],
    ]);
  });
});
