import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { closePools, oneConnectionDb, testDb } from '@/tests/helpers';

/**
 * rl_take (migration 0005) on its own, with an injected clock: the exact
 * sliding window of D8 kept as a queue of hit rows, so the rows of a window
 * are exactly its live hits, whatever the limit.
 */
const db = testDb();
afterAll(closePools);

type Take = { allowed: boolean; suspended: boolean; remaining: number; reset_s: number };
const t0 = Date.parse('2026-03-01T10:00:00.000Z');
const at = (s: number) => new Date(t0 + s * 1000).toISOString();

async function take(app: string, limit: number, s: number): Promise<Take> {
  const [r] = await db.execute<Take>(sql`select * from rl_take(${app}, 'send', ${limit}, ${at(s)}::timestamptz)`);
  return r;
}
async function windowOf(app: string) {
  const [w] = await db.execute<{ live: number; rows: number; oldest: string | null }>(sql`
    select w.live,
           (select count(*)::int from rate_limit_hits h where h.app_id = w.app_id and h.bucket = w.bucket) as rows,
           (select min(h.at)::text from rate_limit_hits h where h.app_id = w.app_id and h.bucket = w.bucket) as oldest
      from rate_limit_windows w where w.app_id = ${app} and w.bucket = 'send'`);
  return w;
}

describe('rl_take: exact sliding window on hit rows', () => {
  it('counts down, refuses with the seconds until the oldest hit leaves, frees a slot exactly 60 s after it', async () => {
    expect(await take('app_a', 3, 0)).toEqual({ allowed: true, suspended: false, remaining: 2, reset_s: 60 });
    expect(await take('app_a', 3, 10)).toEqual({ allowed: true, suspended: false, remaining: 1, reset_s: 50 });
    expect(await take('app_a', 3, 20.5)).toEqual({ allowed: true, suspended: false, remaining: 0, reset_s: 40 });
    expect(await take('app_a', 3, 30)).toEqual({ allowed: false, suspended: false, remaining: 0, reset_s: 30 });
    expect(await take('app_a', 3, 59.999)).toEqual({ allowed: false, suspended: false, remaining: 0, reset_s: 1 });
    // At 60 s the first hit is out of (now - 60 s, now]: one slot, and the oldest is now the hit of 10 s.
    expect(await take('app_a', 3, 60)).toEqual({ allowed: true, suspended: false, remaining: 0, reset_s: 10 });
    expect(await windowOf('app_a')).toEqual({ live: 3, rows: 3, oldest: '2026-03-01 10:00:10+00' });
  });

  it('keeps exactly the live hits as rows with a large limit, and drops them as they leave the window', async () => {
    for (let i = 0; i < 2000; i += 100) {
      // 100 takes at the same instant each: instants may repeat.
      const answers = await Promise.all(Array.from({ length: 100 }, () => take('app_big', 1_000_000, i / 100)));
      expect(answers.every((r) => r.allowed)).toBe(true);
    }
    expect(await windowOf('app_big')).toEqual({ live: 2000, rows: 2000, oldest: '2026-03-01 10:00:00+00' });
    expect(await take('app_big', 1_000_000, 60.5)).toEqual({ allowed: true, suspended: false, remaining: 1_000_000 - 1901, reset_s: 1 });
    expect(await windowOf('app_big')).toEqual({ live: 1901, rows: 1901, oldest: '2026-03-01 10:00:01+00' });
    expect(await take('app_big', 1_000_000, 200)).toMatchObject({ allowed: true, remaining: 1_000_000 - 1 });
    expect(await windowOf('app_big')).toEqual({ live: 1, rows: 1, oldest: '2026-03-01 10:03:20+00' });
  });

  it('a refusal expires hits too, and never adds one', async () => {
    await take('app_c', 1, 0);
    expect(await take('app_c', 1, 30)).toMatchObject({ allowed: false, reset_s: 30 });
    expect(await windowOf('app_c')).toEqual({ live: 1, rows: 1, oldest: '2026-03-01 10:00:00+00' });
    // A limit lowered to 0 by an operator: the old hit expires, nothing is added, reset is the window.
    expect(await take('app_c', 0, 90)).toEqual({ allowed: false, suspended: false, remaining: 0, reset_s: 60 });
    expect(await windowOf('app_c')).toEqual({ live: 0, rows: 0, oldest: null });
  });

  it('api_key_take commits its slot without waiting for the WAL flush (a throttle, not a record)', async () => {
    const [r] = await db.transaction(async (tx) => {
      await tx.execute(sql`select * from api_key_take('no-such-digest', 'test', 'status', 120)`);
      return tx.execute<{ s: string }>(sql`select current_setting('synchronous_commit') as s`);
    });
    expect(r.s).toBe('off');
    const [after] = await db.execute<{ s: string }>(sql`select current_setting('synchronous_commit') as s`);
    expect(after.s).toBe('on');
  });

  it('reads the hits through their index even when the statistics say the table is empty (a new installation)', async () => {
    const one = oneConnectionDb();
    // as a new installation has it: the table empty when analysed (0 pages, 0 rows)
    await one.execute(sql`truncate rate_limit_hits, rate_limit_windows`);
    await one.execute(sql`analyze rate_limit_hits`);
    const scans = async () => {
      // (this session's counters reach the shared statistics at its next commit, then a fresh snapshot reads them)
      await one.execute(sql`select pg_stat_force_next_flush()`);
      await one.execute(sql`select pg_stat_clear_snapshot()`);
      const [r] = await one.execute<{ seq: number; idx: number }>(sql`
        select seq_scan::int as seq, coalesce(idx_scan, 0)::int as idx from pg_stat_user_tables where relname = 'rate_limit_hits'`);
      return r;
    };
    const before = await scans();
    for (let i = 0; i < 300; i++) await one.execute(sql`select * from rl_take('app_d', 'send', 1000, ${at(i / 10)}::timestamptz)`);
    const after = await scans();
    // each take deletes the hits that left the window and reads the oldest left: two index reads, no scan
    expect({ seq: after.seq - before.seq, idx: after.idx - before.idx }).toEqual({ seq: 0, idx: 600 });
  });
});
