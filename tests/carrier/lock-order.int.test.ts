import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { applyCarrierReports, LockOrderError, lockDispatches, type CarrierReport } from '@/server/domain/delivery/carrier-port';
import { createPipeline } from '@/server/domain/delivery/pipeline';
import { pipelineTasks } from '@/server/jobs/tasks/pipeline-tasks';
import { closePools } from '../helpers';
import { drain } from '../pipeline/drain';
import { carrierHarness } from './harness';

const h = carrierHarness();
afterAll(closePools);

/** Two single sends handed to the simulator connector's outbox, with no driver running: their recipients wait in `processing`. */
async function twoWaiting() {
  const m = await h.merchant();
  const ids: string[] = [];
  for (const to of ['+243810007001', '+243810007002']) {
    const res = await h.call('POST', '/send', { key: m.apiKey, body: { to: [to], message: 'lock order' } });
    expect(res.status).toBe(201);
    ids.push(res.body.data.message_id);
  }
  await drain(h.db, pipelineTasks(() => createPipeline(h.db, h.env)));
  const rows = await h.db.execute<{ id: number; dispatch_id: string; state: string }>(sql`
    select id, dispatch_id, state from message_recipients where message_id = any(${`{${ids.join(',')}}`}::text[]) order by dispatch_id`);
  expect(rows.map((r) => r.state)).toEqual(['processing', 'processing']);
  return rows.map((r) => ({ recipientId: Number(r.id), dispatchId: r.dispatch_id }));
}

const accepted = (recipientId: number): CarrierReport => ({ accepted: [{ recipientId, carrier: 'simulator', carrierMessageId: null }] });

/**
 * Issue 40 item 3: every transaction that moves recipients locks its dispatches first, in id order. Two carriers'
 * batches that each hold one dispatch and report for the other's must not wait for each other in opposite orders
 * (Postgres would abort one with 40P01 after deadlock_timeout): a report for a dispatch reached after the first lock
 * throws LockOrderError, and the caller runs again with it in its first lock.
 */
describe('reports keep the dispatch locks in id order (no deadlock)', () => {
  it('two transactions each holding one dispatch and reporting for both: neither waits, both are told to lock again', async () => {
    const [a, b] = await twoWaiting();
    const reports = new Map([[a.dispatchId, accepted(a.recipientId)], [b.dispatchId, accepted(b.recipientId)]]);
    let release!: () => void;
    const bothHold = new Promise<void>((r) => (release = r));
    let holding = 0;
    const hold = () => {
      if (++holding === 2) release();
      return bothHold;
    };
    const run = (mine: string) =>
      h.db.transaction(async (tx) => {
        const locked = await lockDispatches(tx, [mine]);
        await hold();
        const started = Date.now();
        try {
          await applyCarrierReports(tx, locked, new Map(reports), new Date());
          return { outcome: 'applied', ms: Date.now() - started };
        } catch (e) {
          return { outcome: e instanceof LockOrderError ? `lock again: ${e.ids.join(',')}` : `error ${(e as { code?: string }).code ?? String(e)}`, ms: Date.now() - started };
        }
      });
    const [ra, rb] = await Promise.all([run(a.dispatchId), run(b.dispatchId)]);
    expect(ra.outcome).toBe(`lock again: ${b.dispatchId}`);
    expect(rb.outcome).toBe(`lock again: ${a.dispatchId}`);
    // (no lock wait at all: a deadlock would show as a wait of deadlock_timeout, 1 s, then 40P01)
    expect(ra.ms).toBeLessThan(900);
    expect(rb.ms).toBeLessThan(900);

    // Run again with both in the first lock: both recipients move, once.
    await h.db.transaction(async (tx) => {
      const locked = await lockDispatches(tx, [b.dispatchId, a.dispatchId]);
      expect([...locked.keys()].sort()).toEqual([a.dispatchId, b.dispatchId].sort());
      expect(await applyCarrierReports(tx, locked, new Map(reports), new Date())).toEqual({ sent: 2 });
    });
    const states = await h.db.execute<{ state: string }>(sql`
      select state from message_recipients where id = any(${`{${a.recipientId},${b.recipientId}}`}::bigint[]) order by id`);
    expect(states.map((s) => s.state)).toEqual(['sent', 'sent']);
  });

  it('with nothing locked yet, the reported dispatches are locked by the report itself; a dispatch that does not exist is skipped', async () => {
    const [a] = await twoWaiting();
    const reports = new Map([[a.dispatchId, accepted(a.recipientId)], ['dsp_doesnotexist00000000000', accepted(-1)]]);
    const out = await h.db.transaction((tx) => applyCarrierReports(tx, new Map(), reports, new Date()));
    expect(out).toEqual({ sent: 1 });
    const held = await h.db.transaction(async (tx) => {
      const locked = await lockDispatches(tx, [a.dispatchId]);
      // (held: a report for a dispatch that does not exist is no reason to lock again)
      return applyCarrierReports(tx, locked, new Map([['dsp_doesnotexist00000000000', accepted(-1)]]), new Date());
    });
    expect(held).toEqual({ sent: 0 });
  });
});
