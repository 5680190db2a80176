import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '@/db/client';
import { ApiError } from '@/shared/errors/api-error';
import { closePools, testDb } from '@/tests/helpers';
import { arrayLiteral } from './sql-arrays';
import { GROUP_MAX, GroupCommit, type Unit } from './group-commit';

const db = testDb();
const other = testDb();
afterAll(closePools);
beforeAll(async () => {
  await db.execute(sql`create table gc_units (id int primary key, txid bigint not null)`);
  // a uniqueness checked only at COMMIT: the way to make a COMMIT itself fail
  await db.execute(sql`create table gc_deferred (id int, constraint gc_deferred_id unique (id) deferrable initially deferred)`);
});

/** A unit that reads (refusing with an ApiError if told), then writes row `id` with its transaction id (failing if told). */
function unit(id: number, o: { refuse?: boolean; readFails?: boolean; writeFails?: boolean; runs?: number[] } = {}): Unit<DbOrTx, number, number> {
  return {
    read: async (tx: DbOrTx) => {
      await tx.execute(sql`select 1`);
      if (o.refuse) throw new ApiError('ALL_RECIPIENTS_OPTED_OUT');
      if (o.readFails) throw new Error(`unit ${id}: read failed`);
      return id * 10;
    },
    write: async (tx: DbOrTx, prepared: number) => {
      o.runs?.push(id);
      await tx.execute(sql`insert into gc_units (id, txid) values (${id}, txid_current())`);
      if (o.writeFails) throw new ApiError('INSUFFICIENT_BALANCE');
      return prepared + 1;
    },
  };
}
const rows = async (ids: number[]) =>
  other.execute<{ id: number; txid: string }>(sql`select id, txid::text from gc_units where id = any(${arrayLiteral(ids)}::int[]) order by id`);

describe('GroupCommit: one key\'s concurrent units in one transaction, reads then writes', () => {
  it('units that arrive while a transaction runs share the next one; each settles with its result once committed', async () => {
    const g = new GroupCommit<DbOrTx>((fn) => db.transaction(fn));
    const seen: number[][] = [];
    const ids = Array.from({ length: 40 }, (_, i) => 100 + i);
    const results = await Promise.all(
      ids.map((id) =>
        g.run('org', unit(id)).then(async (r) => {
          seen.push((await rows([id])).map((x) => x.id));
          return r;
        }),
      ),
    );
    expect(results).toEqual(ids.map((id) => id * 10 + 1));
    // every unit's row was visible to another connection when its promise resolved: committed
    expect(seen.sort((a, b) => a[0] - b[0])).toEqual(ids.map((id) => [id]));
    // the first unit alone (nothing was running), then the other 39 in groups of at most GROUP_MAX (32 and 7)
    expect(GROUP_MAX).toBe(32);
    const txids = (await rows(ids)).map((r) => r.txid);
    expect(new Set(txids).size).toBe(3);
    expect(new Set(txids.slice(1, 33)).size).toBe(1);
    expect(new Set(txids.slice(33)).size).toBe(1);
  });

  it('a unit refused while reading is rejected alone and writes nothing; the others of its group commit together', async () => {
    const g = new GroupCommit<DbOrTx>((fn) => db.transaction(fn));
    const first = g.run('org', unit(200)); // runs alone while the next three queue up
    const results = await Promise.allSettled([g.run('org', unit(201)), g.run('org', unit(202, { refuse: true })), g.run('org', unit(203))]);
    await first;
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(((results[1] as PromiseRejectedResult).reason as ApiError).errorName).toBe('ALL_RECIPIENTS_OPTED_OUT');
    const written = await rows([200, 201, 202, 203]);
    expect(written.map((r) => r.id)).toEqual([200, 201, 203]);
    expect(written[1].txid).toBe(written[2].txid); // 201 and 203 in one transaction
  });

  it('a unit refused while writing has its group rolled back: each other unit is written again alone, once', async () => {
    const g = new GroupCommit<DbOrTx>((fn) => db.transaction(fn));
    const runs: number[] = [];
    const first = g.run('org', unit(300));
    const results = await Promise.allSettled([
      g.run('org', unit(301, { runs })),
      g.run('org', unit(302, { runs, writeFails: true })),
      g.run('org', unit(303, { runs })),
    ]);
    await first;
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(((results[1] as PromiseRejectedResult).reason as ApiError).errorName).toBe('INSUFFICIENT_BALANCE');
    const written = await rows([300, 301, 302, 303]);
    expect(written.map((r) => r.id)).toEqual([300, 301, 303]);
    expect(new Set(written.map((r) => r.txid)).size).toBe(3); // each in its own transaction
    // written in the group, then again each alone (302 refused again, alone)
    expect(runs.sort()).toEqual([301, 301, 302, 302, 303, 303]);
  });

  it('a read that fails otherwise than with a refusal sends the whole group to run unit by unit', async () => {
    const g = new GroupCommit<DbOrTx>((fn) => db.transaction(fn));
    const first = g.run('org', unit(400));
    const results = await Promise.allSettled([g.run('org', unit(401)), g.run('org', unit(402, { readFails: true })), g.run('org', unit(403))]);
    await first;
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('unit 402: read failed');
    const written = await rows([400, 401, 402, 403]);
    expect(written.map((r) => r.id)).toEqual([400, 401, 403]);
    expect(new Set(written.map((r) => r.txid)).size).toBe(3);
  });

  it('units of different keys never share a transaction', async () => {
    const g = new GroupCommit<DbOrTx>((fn) => db.transaction(fn));
    const firsts = [g.run('a', unit(500)), g.run('b', unit(501))];
    await Promise.all([g.run('a', unit(502)), g.run('b', unit(503)), g.run('a', unit(504)), g.run('b', unit(505)), ...firsts]);
    const tx = new Map((await rows([500, 501, 502, 503, 504, 505])).map((r) => [r.id, r.txid]));
    expect(tx.get(502)).toBe(tx.get(504));
    expect(tx.get(503)).toBe(tx.get(505));
    expect(new Set(tx.values()).size).toBe(4);
  });

  it('a COMMIT that fails rejects every unit of its group with that failure, and none is tried again', async () => {
    const g = new GroupCommit<DbOrTx>((fn) => db.transaction(fn));
    const runs: number[] = [];
    const deferred = (id: number): Unit<DbOrTx, null, void> => ({
      read: async () => null,
      write: async (tx) => {
        runs.push(id);
        await tx.execute(sql`insert into gc_deferred (id) values (7)`);
      },
    });
    const first = g.run('org', unit(600));
    const results = await Promise.allSettled([g.run('org', deferred(601)), g.run('org', deferred(602))]);
    await first;
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    for (const r of results) expect(JSON.stringify((r as PromiseRejectedResult).reason)).toContain('gc_deferred_id');
    expect(runs).toEqual([601, 602]); // written once, in the group; never again
    expect((await other.execute(sql`select count(*)::int as n from gc_deferred`))[0]).toEqual({ n: 0 });
  });
});
