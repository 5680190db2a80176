import type { DbOrTx } from '@/db/client';

/**
 * Facts (metric increments) that must count only once their transaction has
 * committed: a rolled-back job is retried and would otherwise count twice.
 * `inTransaction` runs `db.transaction` and then the callbacks its statements
 * registered with `afterCommit`; on a rollback they are dropped. Called with a
 * handle that is not such a transaction (the database itself, or a nested
 * savepoint), `afterCommit` runs the callback at once. Never throws into the
 * caller: a failing callback is a metrics defect, not a failed send.
 */
const pending = new WeakMap<object, Array<() => void>>();

type Transactional = Pick<DbOrTx, 'transaction'>;
type Tx<D extends Transactional> = Parameters<Parameters<D['transaction']>[0]>[0];

export async function inTransaction<D extends Transactional, T>(db: D, fn: (tx: Tx<D>) => Promise<T>): Promise<T> {
  let callbacks: Array<() => void> = [];
  const out = await db.transaction(async (tx) => {
    callbacks = [];
    pending.set(tx as object, callbacks);
    return fn(tx as Tx<D>);
  });
  for (const cb of callbacks) safely(cb);
  return out as T;
}

export function afterCommit(tx: unknown, cb: () => void): void {
  const list = typeof tx === 'object' && tx !== null ? pending.get(tx) : undefined;
  if (list) list.push(cb);
  else safely(cb);
}

function safely(cb: () => void): void {
  try {
    cb();
  } catch {
    // a metric that cannot be counted must never fail the work it describes
  }
}
