import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createConnector } from '@/server/domain/carrier/connectors';
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
