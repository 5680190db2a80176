import type { ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { closePools } from '../helpers';
import { carrierHarness, startOwnerProcess, waitFor } from './harness';
import { startSmsc } from './smsc';

const h = carrierHarness();
let child: ChildProcess | null = null;
afterAll(async () => {
  child?.kill('SIGKILL');
  await h.stopManagers();
  await closePools();
});


describe('one owning worker per connector (D14)', () => {
  it('a second worker never sends while the owner lives, and takes over within seconds when it is SIGKILLed', async () => {
    const s = await startSmsc({ policy: () => 'ignore' }); // the owner's submit_sm are never answered
    try {
      const c = await h.connector('owned', s.port, { window: 5 });
      await h.route('2438120', [c.id]);
      const m = await h.merchant();
      child = await startOwnerProcess(h.env.APP_SECRET);
      h.manager(); // the second worker, in this process
      const id = await h.send(m.apiKey, ['+243812001234', '+243812002345', '+243812003456'], 'who sends?');
      await waitFor(async () => s.submits.length, (n) => n === 3);
      await new Promise((r) => setTimeout(r, 800));
      expect(s.submits).toHaveLength(3);
      expect(new Set(s.submits.map((x) => x.session)).size).toBe(1);
      expect(s.binds).toEqual(['bind_transceiver:ok']);
      const [lease] = await h.db.execute<{ owner: string }>(sql`select owner from connector_leases where connector_id = ${c.id}`);
      expect(lease.owner).toBe(`child-${child.pid}`);

      s.setPolicy(() => 0);
      const killedAt = Date.now();
      child.kill('SIGKILL');
      child = null;
      const rows = await waitFor(() => h.recipients(id), (r) => r.every((x) => x.state === 'sent'), 15_000);
      expect(rows.map((r) => [r.state, r.carrier])).toEqual([['sent', 'owned'], ['sent', 'owned'], ['sent', 'owned']]);
      expect(Date.now() - killedAt).toBeLessThan(9000);
      // at-least-once: the unanswered three are submitted again, once each, by the new owner
      expect(s.submits.map((x) => x.status)).toEqual(['ignored', 'ignored', 'ignored', 0, 0, 0]);
      expect(s.submits.slice(3).map((x) => x.destination_addr).sort()).toEqual(['243812001234', '243812002345', '243812003456']);
    } finally {
      await s.close();
    }
  }, 30_000);
});
