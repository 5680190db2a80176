import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { takeTps } from '@/server/domain/carrier/smpp/leases';
import { SLICE_MS } from '@/server/smpp/client/tps-slices';
import { closePools } from '../helpers';
import { carrierHarness, waitFor } from './harness';
import { startSmsc, type Smsc } from './smsc';

const h = carrierHarness();
const smscs: Smsc[] = [];
afterEach(async () => {
  await h.stopManagers();
  await Promise.all(smscs.splice(0).map((s) => s.close()));
});
afterAll(closePools);

type Taken = { bySecond: Record<string, number>; grants: [number, number][] };

/** tests/carrier/tps-process.ts in a process of its own (a worker process's takeTps). */
async function takeInProcess(env: Record<string, string>): Promise<Taken> {
  const out = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'tests/carrier/tps-process.ts'], { env: { ...process.env, ...env } });
  return JSON.parse(out.stdout) as Taken;
}

describe('TPS and validity (D14)', () => {
  it('the connector TPS holds across two worker processes: never more than tps in a clock second, about tps in each', async () => {
    const run = async () => (await takeInProcess({ CONNECTOR_ID: 'con_tps_shared', TPS: '50', DURATION_MS: '10000' })).bySecond;
    const [a, b] = await Promise.all([run(), run()]);
    const secondsOf = (x: Record<string, number>) => Object.keys(x).map(Number);
    const total = (x: Record<string, number>) => Object.values(x).reduce((s, n) => s + n, 0);
    expect(total(a)).toBeGreaterThan(0);
    expect(total(b)).toBeGreaterThan(0);
    const all = [...new Set([...secondsOf(a), ...secondsOf(b)])].sort((x, y) => x - y);
    const both = (s: number) => (a[s] ?? 0) + (b[s] ?? 0);
    // The budget is per clock second of the database: the two processes together never get more than 50 in one.
    for (const s of all) expect(both(s), `second ${s}`).toBeLessThanOrEqual(50);
    // The seconds both processes spent wholly asking (not their first or last) hand out the budget: within 10%.
    const firstOfBoth = Math.max(Math.min(...secondsOf(a)), Math.min(...secondsOf(b)));
    const lastOfBoth = Math.min(Math.max(...secondsOf(a)), Math.max(...secondsOf(b)));
    const inner = all.filter((s) => s > firstOfBoth && s < lastOfBoth);
    expect(inner.length).toBeGreaterThanOrEqual(5);
    expect(inner.reduce((n, s) => n + both(s), 0)).toBeGreaterThanOrEqual(Math.ceil(0.9 * 50 * inner.length));
  }, 30_000);

  it('the connector TPS holds in every sliding second across two worker processes: at most tps + 10%', async () => {
    // Both start 0.9 s into a clock second: a budget spent in one clock second's end and the next one's start falls
    // into one sliding second.
    const env = { CONNECTOR_ID: 'con_tps_sliding', TPS: '200', DURATION_MS: '5000', START_AT: String(Math.ceil(Date.now() / 1000) * 1000 + 3_900) };
    const [a, b] = await Promise.all([takeInProcess(env), takeInProcess(env)]);
    // A grant may be spent at any moment of its slice (the database clock's, so the load on this machine does not
    // move it): the most that any sliding second can hold is what the slices it touches granted. The busiest such
    // second starts at a slice's end (it then touches the next 20 slices whole and a 21st in part).
    const grants = [...a.grants, ...b.grants].sort((x, y) => x[0] - y[0]);
    let busiest = 0;
    for (const [from] of grants) {
      const t = from + SLICE_MS - 1; // the last millisecond of this grant's slice
      const inWindow = grants.filter(([slice]) => slice + SLICE_MS > t && slice < t + 1_000);
      busiest = Math.max(busiest, inWindow.reduce((n, g) => n + g[1], 0));
    }
    expect(busiest).toBeLessThanOrEqual(220);
    // And the two processes still get the budget: about 200 a second over the 5 s. (Each asks for 3 at a time, four
    // round trips per 50 ms slice between them: on a loaded machine some slices end before their budget is asked for.)
    const total = grants.reduce((n, g) => n + g[1], 0);
    expect(total).toBeGreaterThanOrEqual(800);
    expect(total).toBeLessThanOrEqual(1_000 + 10);
  }, 30_000);

  it('a process whose clock slice is older than the window never reopens it (no second budget for one slice)', async () => {
    // The row's window is already at a later slice than the statement's clock (as when another process moved it
    // while this statement waited for the row lock) and that slice's budget is spent (at 50 TPS, 3 in the first
    // slice of a second): nothing is granted, the window stays.
    await h.db.execute(sql`insert into connector_tps (connector_id, window_start, used, granted)
      values ('con_tps_stale', date_trunc('second', clock_timestamp()) + interval '5 seconds', 3, 3)`);
    const r = await takeTps(h.db, 'con_tps_stale', 50, 3);
    expect([r.granted, r.left]).toEqual([0, 0]);
    const [row] = await h.db.execute<{ ahead: boolean; used: number }>(
      sql`select window_start > clock_timestamp() + interval '3 seconds' as ahead, used from connector_tps where connector_id = 'con_tps_stale'`,
    );
    expect(row).toEqual({ ahead: true, used: 3 });
    // A later clock slice opens a fresh budget (2 or 3 at 50 TPS).
    await h.db.execute(sql`update connector_tps set window_start = window_start - interval '10 seconds' where connector_id = 'con_tps_stale'`);
    expect((await takeTps(h.db, 'con_tps_stale', 50, 2)).granted).toBe(2);
  });

  it("a slice grants its share of the second and no more: 10 at 200 TPS, then nothing before the slice's end", async () => {
    let first = await takeTps(h.db, 'con_tps_slice', 200, 1_000);
    // (asked again at the next slice's start when too late in this one for the second ask to fall in it too)
    if (first.msToSliceEnd < 20) {
      await new Promise((r) => setTimeout(r, first.msToSliceEnd));
      first = await takeTps(h.db, 'con_tps_slice', 200, 1_000);
    }
    expect([first.granted, first.left, first.slice % 50, first.second]).toEqual([10, 0, 0, Math.floor(first.slice / 1000)]);
    const again = await takeTps(h.db, 'con_tps_slice', 200, 1_000);
    expect([again.granted, again.slice]).toEqual([0, first.slice]);
    await new Promise((r) => setTimeout(r, again.msToSliceEnd));
    const next = await takeTps(h.db, 'con_tps_slice', 200, 4);
    expect([next.granted, next.left]).toEqual([4, 6]);
    expect(next.slice).toBeGreaterThan(first.slice);
  });

  it('the submit loop keeps to the TPS: at most tps submit_sm per second', async () => {
    const s = await startSmsc();
    smscs.push(s);
    const c = await h.connector('tps4', s.port, { tps: 4, window: 10 });
    await h.route('2438130', [c.id]);
    const m = await h.merchant();
    h.manager();
    const to = Array.from({ length: 12 }, (_, i) => `+2438130${String(10000 + i).slice(1)}1`);
    const id = await h.send(m.apiKey, to, 'paced');
    const rows = await waitFor(() => h.recipients(id), (r) => r.every((x) => x.state === 'sent'), 15_000);
    expect(rows.every((r) => r.state === 'sent')).toBe(true);
    expect(s.submits).toHaveLength(12);
    // The budget is per clock second: at most 4 per second means any 9 consecutive submits touch 3 seconds,
    // so the first and the ninth are more than a second apart (a few ms of slack for the socket).
    for (let i = 0; i + 8 < s.submits.length; i++) expect(s.submits[i + 8].at - s.submits[i].at).toBeGreaterThanOrEqual(950);
  }, 30_000);

  it('validity: no receipt in time, or no connector in time -> failed EXPIRED', async () => {
    const s = await startSmsc();
    smscs.push(s);
    const dead = await startSmsc();
    await dead.close();
    const ok = await h.connector('short', s.port, { validityS: 1 });
    const down = await h.connector('down-short', dead.port, { validityS: 1 });
    await h.route('2438131', [ok.id]);
    await h.route('2438132', [down.id]);
    const m = await h.merchant();
    h.manager();
    const id = await h.send(m.apiKey, ['+243813101234', '+243813201234'], 'expires');
    const rows = await waitFor(() => h.recipients(id), (r) => r.every((x) => x.state === 'failed'), 10_000);
    expect(rows.map((r) => [r.state, r.error_code, r.error_message])).toEqual([
      ['failed', 'EXPIRED', 'No delivery receipt before the validity period expired.'],
      ['failed', 'EXPIRED', 'No connector accepted the message before the validity period expired.'],
    ]);
    expect(s.submits.map((x) => x.validity_period)).toEqual(['000000000001000R']);
  });
});
