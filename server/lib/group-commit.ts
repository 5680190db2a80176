import { ApiError } from '@/shared/errors/api-error';
import { allSettledOrThrow } from '@/server/lib/settle';

/**
 * One unit of work for a group: `read` takes no lock and writes nothing (a refusal it throws as an ApiError leaves
 * the transaction as it was); `write` writes what `read` decided. A unit settles with what `write` returns.
 */
export type Unit<Tx, P, R> = { read: (tx: Tx) => Promise<P>; write: (tx: Tx, prepared: P) => Promise<R> };

/** Runs `fn` in a transaction of its own (drizzle's `db.transaction`, postgres.js's `sql.begin`). */
export type Begin<Tx> = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

type Queued<Tx> = { unit: Unit<Tx, unknown, unknown>; resolve: (r: unknown) => void; reject: (e: unknown) => void };

/** Units in one transaction at most: a bound on the rows one commit holds and on a group's time to its answers. */
export const GROUP_MAX = 32;

/** A failure that must reach the units as it is, never retried: it came from COMMIT, whose outcome is unknown. */
class CommitFailed extends Error {
  constructor(readonly reason: unknown) {
    super('commit failed');
  }
}

/**
 * Commits one key's concurrent units together, the way a database groups its commits: while a group's transaction
 * runs, the units of that key that arrive wait, and the next transaction takes them all (up to GROUP_MAX). Units of
 * different keys never wait for each other. For sends the key is the organization: its concurrent sends would
 * otherwise each hold its wallet rows from their charge to their commit, one commit (and one WAL flush) after the
 * other, and two transactions with their BEGIN and COMMIT a send; in a group they share one of each.
 *
 * In a group, every unit's `read` runs first, pipelined on the group's connection; a unit refused there (an ApiError)
 * is rejected alone, having written nothing. Then the others' `write`s run, pipelined too. If any write fails (a
 * charge the balance no longer covers, an idempotency race, any database error) or a read fails otherwise, the
 * group's transaction is rolled back before COMMIT, so nothing of it happened, and each of its units that was not
 * refused runs again in a transaction of its own, exactly as a lone unit does: a refusal reaches only its own
 * caller. A unit settles only once its transaction's COMMIT has returned, so a caller that answers after it
 * answers only what is durable; a failed COMMIT (the connection lost: committed or not, nobody knows) rejects
 * every unit of the group with it, as it would a lone one, and is never retried. With no concurrency a group is
 * one unit in a plain transaction, as before.
 */
export class GroupCommit<Tx> {
  private readonly queues = new Map<string, Queued<Tx>[]>();

  constructor(private readonly begin: Begin<Tx>) {}

  run<P, R>(key: string, unit: Unit<Tx, P, R>): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const queued = { unit: unit as Unit<Tx, unknown, unknown>, resolve: resolve as (r: unknown) => void, reject };
      const queue = this.queues.get(key);
      if (queue) queue.push(queued);
      else {
        this.queues.set(key, [queued]);
        void this.drain(key);
      }
    });
  }

  /** Commits the key's queue group by group until it is empty; units that arrive meanwhile join the next group. */
  private async drain(key: string): Promise<void> {
    const queue = this.queues.get(key)!;
    while (queue.length) {
      const group = queue.slice(0, GROUP_MAX);
      try {
        await this.commit(group);
      } catch (e) {
        for (const q of group) q.reject(e); // commit settles every unit itself; this is only its last guard
      }
      queue.splice(0, group.length);
    }
    this.queues.delete(key);
  }

  private async commit(group: Queued<Tx>[]): Promise<void> {
    if (group.length === 1) return this.alone(group[0]);
    const refused = new Map<Queued<Tx>, unknown>();
    const kept: Queued<Tx>[] = [];
    let results: unknown[] = [];
    try {
      await this.transaction(async (tx) => {
        const reads = await Promise.allSettled(group.map((q) => q.unit.read(tx)));
        const prepared: unknown[] = [];
        let failed = false;
        reads.forEach((r, i) => {
          if (r.status === 'fulfilled') (kept.push(group[i]), prepared.push(r.value));
          else if (r.reason instanceof ApiError) refused.set(group[i], r.reason);
          else failed = true;
        });
        if (failed) throw new Error('a read failed: the group runs again unit by unit');
        results = await allSettledOrThrow(kept.map((q, i) => q.unit.write(tx, prepared[i])));
      });
    } catch (e) {
      for (const [q, reason] of refused) q.reject(reason);
      const rest = group.filter((q) => !refused.has(q));
      if (e instanceof CommitFailed) for (const q of rest) q.reject(e.reason);
      else await Promise.all(rest.map((q) => this.alone(q)));
      return;
    }
    for (const [q, reason] of refused) q.reject(reason);
    kept.forEach((q, i) => q.resolve(results[i]));
  }

  /** One unit in a transaction of its own: its refusal or its failure is its own. */
  private async alone(q: Queued<Tx>): Promise<void> {
    await this.transaction(async (tx) => q.unit.write(tx, await q.unit.read(tx))).then(q.resolve, (e) =>
      q.reject(e instanceof CommitFailed ? e.reason : e),
    );
  }

  /**
   * A transaction, telling a failure before COMMIT (rolled back: nothing happened) from one of COMMIT itself
   * (CommitFailed: its outcome is unknown).
   */
  private async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    let bodyDone = false;
    try {
      return await this.begin(async (tx) => {
        const r = await fn(tx);
        bodyDone = true;
        return r;
      });
    } catch (e) {
      throw bodyDone ? new CommitFailed(e) : e;
    }
  }
}
