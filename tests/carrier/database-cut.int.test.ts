import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '@/db/client';
import { ConnectorManager } from '@/server/domain/carrier/manager';
import { LEASE_S } from '@/server/domain/carrier/smpp/leases';
import { resilient } from '@/server/lib/postgres-js';
import { closePools } from '../helpers';
import { dbCut } from '../db-cut';
import { carrierHarness, FAST, waitFor } from './harness';

/**
 * Issue 39, item 7: the connector owner's database connections are cut for longer than its lease (a long failover:
 * HAProxy has no primary, and the owner's statements wait), while it submits. Its lease lapses meanwhile, and once the
 * database is back the sweep gives the lapsed lease's claims back to the queue. Before, the owner went on (its
 * renewal, sent before the cut, went through afterwards), claimed the rows it still held a second time and sent them
 * twice: 40 or 41 of these 150 recipients. Now it is dropped before its lease lapses, and the connector is taken again in
 * this process only once the answers it had heard are recorded: every recipient is submitted once.
 */
const h = carrierHarness();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
afterAll(async () => {
  await h.stopManagers();
  await closePools();
});

describe('the connector owner across a database cut longer than its lease (D14)', () => {
  it('submits every recipient once: nothing it held is claimed again and sent twice', async () => {
    process.env.LOG_LEVEL = 'error'; // (every statement of the owner fails or waits while the cut lasts)
    const cut = await dbCut(process.env.DATABASE_URL!);
    const s = await h.smsc();
    // 20 submits a second: the owner holds a claim of 80 rows (8 windows) when the cut comes.
    const c = await h.connector('cut', s.port, { window: 10, tps: 20 });
    await h.route('2438150', [c.id]);
    const m = await h.merchant();
    // The worker's connector pool, through the cut.
    const db = resilient(() => createDb(cut.url, { max: 4, customPlans: true }));
    const manager = new ConnectorManager(db, h.env.APP_SECRET, 'cut-owner', FAST);
    try {
      manager.start();
      const phones = Array.from({ length: 150 }, (_, i) => `+2438150${String(i).padStart(4, '0')}`);
      const id = await h.send(m.apiKey, phones, 'cut');
      await waitFor(async () => s.submits.length, (n) => n >= 30, 20_000);
      cut.cut();
      await sleep(LEASE_S * 1000 + 2000);
      cut.restore();

      const rows = await waitFor(() => h.recipients(id), (r) => r.every((x) => x.state === 'sent'), 30_000);
      const outbox = await h.db.execute(sql`select state, claimed_by, count(*)::int as n from carrier_outbox group by 1, 2`);
      expect(rows.filter((r) => r.state !== 'sent'), JSON.stringify(outbox)).toEqual([]);
      const times = new Map<string, number>();
      for (const x of s.submits) times.set(x.destination_addr, (times.get(x.destination_addr) ?? 0) + 1);
      expect([...times].filter(([, n]) => n > 1).map(([phone]) => phone)).toEqual([]);
      expect(times.size).toBe(150);
    } finally {
      await manager.stop();
      await db.$client.end({ timeout: 1 });
      await cut.close();
    }
  }, 90_000);
});
