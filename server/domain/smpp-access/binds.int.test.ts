import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { takeSmppTps } from '@/server/domain/smpp-access/binds';
import { closePools, testDb } from '@/tests/helpers';

const db = testDb();
afterAll(closePools);

describe("an app's SMPP TPS budget (D15)", () => {
  it('grants tps submits in the window, then refuses', async () => {
    // a window a few seconds ahead of the clock, so that the five calls cannot straddle a clock second
    await db.execute(sql`insert into smpp_tps (app_id, window_start, used)
      values ('app_tps_count', date_trunc('second', clock_timestamp()) + interval '5 seconds', 0)`);
    const got: boolean[] = [];
    for (let i = 0; i < 5; i++) got.push(await takeSmppTps(db, 'app_tps_count', 3));
    expect(got).toEqual([true, true, true, false, false]);
  });

  it('a listener whose clock second is older than the window never reopens it (no second budget for one second)', async () => {
    // The window is already at a later second than the statement's clock (as when another listener moved it while
    // this statement waited for the row lock) and its budget is spent: refused, and the window stays where it is.
    await db.execute(sql`insert into smpp_tps (app_id, window_start, used)
      values ('app_tps_stale', date_trunc('second', clock_timestamp()) + interval '5 seconds', 3)`);
    expect(await takeSmppTps(db, 'app_tps_stale', 3)).toBe(false);
    const [row] = await db.execute<{ ahead: boolean; used: number }>(
      sql`select window_start > clock_timestamp() + interval '3 seconds' as ahead, used from smpp_tps where app_id = 'app_tps_stale'`,
    );
    expect(row).toEqual({ ahead: true, used: 4 });
    // a later clock second starts a new count
    await db.execute(sql`update smpp_tps set window_start = window_start - interval '10 seconds' where app_id = 'app_tps_stale'`);
    expect(await takeSmppTps(db, 'app_tps_stale', 3)).toBe(true);
  });
});
