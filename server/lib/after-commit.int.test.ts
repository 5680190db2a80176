import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { closePools, testDb } from '@/tests/helpers';
import { afterCommit, inTransaction } from './after-commit';

const db = testDb();
afterAll(closePools);

describe('afterCommit', () => {
  it('runs the callbacks once the transaction committed, never after a rollback', async () => {
    const ran: string[] = [];
    const out = await inTransaction(db, async (tx) => {
      afterCommit(tx, () => ran.push('a'));
      await tx.execute(sql`select 1`);
      afterCommit(tx, () => ran.push('b'));
      expect(ran).toEqual([]);
      return 7;
    });
    expect(out).toBe(7);
    expect(ran).toEqual(['a', 'b']);

    await expect(
      inTransaction(db, async (tx) => {
        afterCommit(tx, () => ran.push('rolled back'));
        await tx.execute(sql`select 1/0`);
      }),
    ).rejects.toThrow(/select 1\/0/);
    expect(ran).toEqual(['a', 'b']);
  });

  it('runs at once outside such a transaction, and a failing callback never fails the caller', async () => {
    const ran: string[] = [];
    afterCommit(db, () => ran.push('now'));
    expect(ran).toEqual(['now']);
    await db.transaction(async (tx) => afterCommit(tx, () => ran.push('plain transaction')));
    expect(ran).toEqual(['now', 'plain transaction']);
    await expect(inTransaction(db, async (tx) => afterCommit(tx, () => { throw new Error('metrics defect'); }))).resolves.toBeUndefined();
  });
});
