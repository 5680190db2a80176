import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '@/db/client';
import { closePools, testDb } from '@/tests/helpers';
import { GROUP_MAX, GroupCommit } from './group-commit';

const db = testDb();
const other = testDb();
afterAll(closePools);
beforeAll(async () => {
  await db.execute(sql`create table gc_units (id int primary key, txid bigint not null)`);
});

const noLocks = async () => {};
/** A unit that writes row `id` (with its transaction id) and then, if told, throws. */
const unit = (id: number, fail = false) => async (tx: DbOrTx) => {
  await tx.execute(sql`insert into gc_units (id, txid) values (${id}, txid_current())`);
  if (fail) throw new Error(`unit ${id} refused`);
};
const rows = async (ids: number[]) =>
  other.execute<{ id: number; txid: string }>(sql`select id, txid::text from gc_units where id = any(${`{${ids.join(',')}}`}::int[]) order by id`);

describe('GroupCommit: concurrent units in one transaction, each in its own savepoint', () => {
  it('units that arrive while a transaction runs share the next one; each settles only once it is committed', async () => {
    const g = new GroupCommit(db, noLocks);
    const seen: number[][] = [];
    const ids = Array.from({ length: 40 }, (_, i) => 100 + i);
    await Promise.all(ids.map((id) => g.run('org', unit(id)).then(async () => seen.push((await rows([id])).map((r) => r.id)))));
    // every unit's row was visible to another connection when its promise resolved: committed
    expect(seen.sort((a, b) => a[0] - b[0])).toEqual(ids.map((id) => [id]));
    const txids = new Set((await rows(ids)).map((r) => r.txid));
    // the first unit alone (nothing was running), then the rest in groups of at most GROUP_MAX
    expect(txids.size).toBe(1 + Math.ceil((ids.length - 1) / GROUP_MAX));
  });

  it('a unit that throws is rolled back alone and rejected with its error; the others of its group commit', async () => {
    const g = new GroupCommit(db, noLocks);
    const first = g.run('org', unit(200)); // runs alone while the next three queue up
    const results = await Promise.allSettled([g.run('org', unit(201)), g.run('org', unit(202, true)), g.run('org', unit(203))]);
    await first;
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('unit 202 refused');
    const written = await rows([200, 201, 202, 203]);
    expect(written.map((r) => r.id)).toEqual([200, 201, 203]);
    expect(written[1].txid).toBe(written[2].txid); // 201 and 203 in one transaction
  });

  it('takes the shared locks of the whole group first, with each key once', async () => {
    const locked: string[][] = [];
    const g = new GroupCommit(db, async (_tx, keys) => void locked.push(keys));
    const first = g.run('a', unit(300));
    await Promise.all([g.run('b', unit(301)), g.run('a', unit(302)), g.run('b', unit(303))]);
    await first;
    expect(locked).toEqual([['b', 'a']]); // not for the lone first unit; then once per key for the group
  });

  it('a group Postgres aborts (a lock cycle) is tried again unit by unit; no unit is lost or written twice', async () => {
    let aborts = 0;
    const g = new GroupCommit(db, async () => {
      if (aborts++ === 0) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
    });
    const first = g.run('a', unit(400));
    const results = await Promise.allSettled([g.run('a', unit(401)), g.run('a', unit(402, true)), g.run('a', unit(403))]);
    await first;
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const written = await rows([400, 401, 402, 403]);
    expect(written.map((r) => r.id)).toEqual([400, 401, 403]);
    expect(new Set(written.map((r) => r.txid)).size).toBe(3); // each alone
  });

  it('any other failure of the transaction rejects every unit of the group with it', async () => {
    const g = new GroupCommit(db, async (tx) => {
      await tx.execute(sql`select 1/0`);
    });
    const first = g.run('a', unit(500));
    const results = await Promise.allSettled([g.run('a', unit(501)), g.run('a', unit(502))]);
    await first;
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((await rows([500, 501, 502])).map((r) => r.id)).toEqual([500]);
  });
});
