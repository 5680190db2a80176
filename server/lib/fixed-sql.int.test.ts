import { DrizzleQueryError, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { runStatement } from '@/db/client';
import { closePools, testDb } from '@/tests/helpers';
import { executeFixed, fixedSql } from './fixed-sql';
import { resilient } from './postgres-js';

const db = testDb();
afterAll(closePools);

/** One call site per statement, as in the code: the same strings array on every call. */
const read = (n: number, s: string | null) => fixedSql`select ${n}::int as n, ${s}::text as s, now() is not null as t, x from generate_series(1, 3) x`;
const failing = (n: number) => fixedSql`select 1 / ${n}::int as q`;

async function errorOf(p: Promise<unknown>): Promise<DrizzleQueryError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(DrizzleQueryError);
  return e as DrizzleQueryError;
}

describe('executeFixed', () => {
  it('answers what db.execute answers, on the pool and in a transaction', async () => {
    expect(await executeFixed(db, read(7, 'a'))).toEqual([...(await db.execute(read(7, 'a')))]);
    await db.transaction(async (tx) => {
      expect(await executeFixed(tx, read(8, null))).toEqual([...(await tx.execute(read(8, null)))]);
    });
  });

  it("takes its direct path on the pool, through resilient's proxy, in a transaction and in a savepoint, on that transaction's connection", async () => {
    const xact = sql`select pg_current_xact_id_if_assigned()::text as x, txid_current()::text as t`;
    const direct = (h: object) => runStatement<{ x: string | null; t: string }>(h, 'select pg_current_xact_id_if_assigned()::text as x, txid_current()::text as t', []);
    expect(await direct(db)).toHaveLength(1);
    expect(await direct(resilient(() => db))).toHaveLength(1);
    await db.transaction(async (tx) => {
      const [viaDrizzle] = await tx.execute<{ x: string | null; t: string }>(xact);
      expect(await direct(tx)).toEqual([{ x: viaDrizzle.t, t: viaDrizzle.t }]);
      await tx.transaction(async (sp) => {
        expect(await direct(sp)).toEqual([{ x: viaDrizzle.t, t: viaDrizzle.t }]);
      });
    });
    // A handle this module did not make: no direct path, executeFixed goes through drizzle.
    expect(direct({})).toBeUndefined();
  });

  it('runs in the transaction it is given: rolled back with it', async () => {
    const ids = await db.transaction(async (tx) => {
      await executeFixed(tx, fixedSql`create temporary table fixed_sql_probe (id int) on commit drop`);
      await executeFixed(tx, fixedSql`insert into fixed_sql_probe values (${1}::int)`);
      return executeFixed<{ id: number }>(tx, fixedSql`select id from fixed_sql_probe`);
    });
    expect(ids).toEqual([{ id: 1 }]);
  });

  it('fails as db.execute fails: a DrizzleQueryError with the query, its parameters and the driver error', async () => {
    const mine = await errorOf(executeFixed(db, failing(0)));
    const theirs = await errorOf(db.execute(failing(0)));
    expect(mine.message).toBe(theirs.message);
    expect(mine.query).toBe(theirs.query);
    expect(mine.params).toEqual(theirs.params);
    expect((mine.cause as { code?: string }).code).toBe('22012');
    expect((mine.cause as { code?: string }).code).toBe((theirs.cause as { code?: string }).code);
  });
});
