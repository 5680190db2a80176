import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDb, createDb, PG_SESSION_OPTIONS } from '@/db/client';

/**
 * db/client.ts: the service's connections (SESSION_SETTINGS) never JIT-compile a statement, whatever the server's `jit` default. Every
 * statement here is made to cost more than `jit_above_cost` (set to 0), as one over tables of millions of rows does:
 * with JIT on, EXPLAIN ANALYZE reports the compiled functions (the "JIT" entry).
 */
const url = process.env.DATABASE_URL!;
const pools = [createDb(url, { max: 2 }), createDb(url, { max: 2, customPlans: true })];
afterAll(async () => {
  for (const db of pools) await closeDb(db);
});

const STATEMENT = sql`select count(*) from generate_series(1, 1000) g where g % 7 = 3`;
type Explained = Array<{ Plan: unknown; JIT?: { Functions: number } }>;

describe('the service database pools', () => {
  it('run without JIT, in the pool and in a transaction, with either plan mode', async () => {
    for (const db of pools) {
      const [{ jit }] = await db.execute<{ jit: string }>(sql`select current_setting('jit') as jit`);
      expect(jit).toBe('off');
      const explained = await db.transaction(async (tx) => {
        await tx.execute(sql`set local jit_above_cost = 0`);
        const [row] = await tx.execute<{ 'QUERY PLAN': Explained }>(sql`explain (analyze, format json) ${STATEMENT}`);
        return row['QUERY PLAN'][0];
      });
      expect(explained.JIT).toBeUndefined();
    }
  });

  it("node-postgres connections made with PG_SESSION_OPTIONS (the job queue's pool, the partition maintenance) too", async () => {
    const client = new pg.Client({ connectionString: url, options: PG_SESSION_OPTIONS });
    await client.connect();
    try {
      const { rows } = await client.query<{ jit: string }>(`select current_setting('jit') as jit`);
      expect(rows).toEqual([{ jit: 'off' }]);
    } finally {
      await client.end();
    }
  });

  it('(the same statement on a connection with JIT on compiles it, where the server has JIT: the check above can fail)', async () => {
    const db = pools[0];
    const explained = await db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = on`);
      await tx.execute(sql`set local jit_above_cost = 0`);
      const [{ available }] = await tx.execute<{ available: boolean }>(sql`select pg_jit_available() as available`);
      const [row] = await tx.execute<{ 'QUERY PLAN': Explained }>(sql`explain (analyze, format json) ${STATEMENT}`);
      return { available, plan: row['QUERY PLAN'][0] };
    });
    if (explained.available) expect(explained.plan.JIT?.Functions).toBeGreaterThan(0);
    else expect(explained.plan.JIT).toBeUndefined();
  });
});
