import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/db/client';

/** One unit of work for a group: what it writes, and the key of the shared rows it locks (see `lockFirst`). */
type Work = { key: string; write: (tx: DbOrTx) => Promise<void>; resolve: () => void; reject: (e: unknown) => void };

/** deadlock_detected, serialization_failure: Postgres aborted the transaction, nothing of it was written. */
const RETRY_ALONE = new Set(['40P01', '40001']);

/** The SQLSTATE of a postgres.js error, also when drizzle wrapped it (`cause`). */
function pgCode(e: unknown): string | undefined {
  const x = e as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = typeof x?.code === 'string' ? x.code : x?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Units of work in one transaction at most (each in its own savepoint: a subtransaction, and Postgres caches 64). */
export const GROUP_MAX = 32;

/**
 * Commits concurrent units of work together, the way databases group commits: while one group's transaction runs,
 * the units that arrive wait, and the next transaction takes them all (up to GROUP_MAX). Each unit runs in its own
 * savepoint, so one that throws (an insufficient balance, an idempotency race) is rolled back alone and rejected
 * with its error; the others commit. A unit's promise settles only once the group's COMMIT has returned, so a
 * caller that answers after it answers only what is durable. With no concurrency a group is one unit in a plain
 * transaction, as before.
 *
 * Locks: `lockFirst` takes, before any unit writes, the shared rows the group's units will lock (their keys, in
 * one consistent order), so that two groups (in this process or another) never wait for each other in a cycle
 * through rows that one unit locks before and another after.
 */
export class GroupCommit {
  private readonly queue: Work[] = [];
  private running = false;

  constructor(
    private readonly db: Db,
    private readonly lockFirst: (tx: DbOrTx, keys: string[]) => Promise<unknown>,
  ) {}

  run(key: string, write: (tx: DbOrTx) => Promise<void>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ key, write, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length) await this.commit(this.queue.splice(0, GROUP_MAX));
    } finally {
      this.running = false;
    }
  }

  private async commit(group: Work[]): Promise<void> {
    if (group.length === 1) {
      const [w] = group;
      await this.db.transaction((tx) => w.write(tx)).then(w.resolve, w.reject);
      return;
    }
    const failed = new Map<Work, unknown>();
    try {
      await this.db.transaction(async (tx) => {
        await this.lockFirst(tx, [...new Set(group.map((w) => w.key))]);
        for (const w of group) {
          await tx.execute(sql`savepoint unit`);
          try {
            await w.write(tx);
            await tx.execute(sql`release savepoint unit`);
          } catch (e) {
            await tx.execute(sql`rollback to savepoint unit`);
            failed.set(w, e);
          }
        }
      });
    } catch (e) {
      // Postgres broke a lock cycle (or a serialization conflict) by aborting this transaction before its commit:
      // nothing of it happened, and each unit is tried again on its own. Any other failure (the connection, the
      // commit itself) may or may not have committed, so every unit is rejected with it, as a lone send would be.
      if (RETRY_ALONE.has(pgCode(e) ?? '')) {
        for (const w of group) await this.db.transaction((tx) => w.write(tx)).then(w.resolve, w.reject);
      } else for (const w of group) w.reject(e);
      return;
    }
    for (const w of group) {
      if (failed.has(w)) w.reject(failed.get(w));
      else w.resolve();
    }
  }
}
