import { AsyncLocalStorage } from 'node:async_hooks';
import type postgres from 'postgres';
import { logger } from './logger';

/**
 * How the service uses postgres.js 3.4.9: faster (prepared statements) and
 * hardened against its known defects when connections die (a database restart,
 * a failover, connections cut: tests/reliability/database-cut). Each defect is
 * described where it is worked around; upgrading the driver would make the
 * workarounds unnecessary (porsager/postgres #1154, #1208).
 *
 * One defect cannot be worked around from outside and is patched in the driver
 * at install (patches/postgres+3.4.9.patch, applied by patch-package on `npm
 * ci`): a `sql.begin()` whose BEGIN filled a busy connection's pipeline never
 * reserved that connection (porsager/postgres #823, #1189), so the send
 * failed with UNSAFE_TRANSACTION (a 500 seen under 500 concurrent sends) and
 * the open transaction went back to the pool. Pinned by postgres-js.int.test.ts.
 * Its public alternative, `sql.reserve()` with our own BEGIN and COMMIT, has
 * defects of its own in 3.4.9 (docs/decisions.md D25).
 *
 * This file, db/client.ts and server/lib/fixed-sql.ts are the one database
 * module: only they touch the driver (`.unsafe`, `$client`, its options and
 * drizzle's session); eslint.config.js refuses it elsewhere.
 */

/**
 * Seconds before a pool connection that died with an error reconnects. The
 * pool counts such errors together, and the default (3^n / 100 s, up to 20 s)
 * left the service unable to reach a database that was already back for
 * 10-20 s after a burst of cut connections. Doubling from 20 ms, at most
 * 0.5 s, with jitter.
 */
export function reconnectDelay(retries: number): number {
  return (0.5 + Math.random() / 2) * Math.min(0.02 * 2 ** retries, 0.5);
}

/**
 * Statements with up to this many parameters are prepared once per connection;
 * bigger ones (multi-row VALUES whose text changes with the row count) are not,
 * so the set of prepared statements per connection stays small and bounded.
 */
export const PREPARE_MAX_PARAMS = 64;

/**
 * The client drizzle gets. Drizzle asks postgres.js for unnamed statements,
 * and postgres.js then sends every parameterized query twice (Parse+Describe
 * to learn the parameter types, then Parse+Bind+Execute): two round trips and
 * two parses per query. Named prepared statements cost that once per
 * connection, then one round trip each (bench: POST /send). Applied to the
 * pool and to the connection of every transaction and savepoint, with the
 * result repair of withoutStaleSlots.
 */
export function hardenedClient(client: postgres.Sql): postgres.Sql {
  const done = () => typesKnown(client);
  const check = setInterval(() => typesKnown(client) && clearInterval(check), 50);
  check.unref();
  return wrap(client, done);
}

/**
 * The (wrapped) postgres.js client of the transaction or savepoint whose callback is running: drizzle builds its
 * transaction handle around it, and db/client.ts keeps which client each handle runs on without reading
 * drizzle's private session.
 */
export const transactionClient = new AsyncLocalStorage<postgres.Sql>();

function wrap(sql: postgres.Sql, done: () => void): postgres.Sql {
  return new Proxy(sql, {
    get(target, prop, receiver) {
      if (prop === 'unsafe') {
        return (query: string, params?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) =>
          withoutStaleSlots(
            // Object.assign, not `{ ...options, prepare }` (a slow path on Node 20, and this runs for every query).
            target.unsafe(query, params, Object.assign({}, options, { prepare: options?.prepare || (params?.length ?? 0) <= PREPARE_MAX_PARAMS })),
            done,
          );
      }
      if (prop === 'begin' || prop === 'savepoint') {
        return (...args: unknown[]) => {
          const fn = args.pop() as (tx: postgres.Sql) => unknown;
          return (Reflect.get(target, prop, receiver) as (...a: unknown[]) => unknown)(...args, (tx: postgres.Sql) => {
            const wrapped = wrap(tx, done);
            return transactionClient.run(wrapped, () => fn(wrapped));
          });
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  });
}

/**
 * Defect 1: the row counter is not reset when a result stream ends in an
 * error or a dropped connection, so the next query on that connection
 * resolves with empty slots first: `[ , , row]` instead of `[row]` (drizzle
 * maps the hole to null: a valid API key looked unknown during an outage). A
 * row is never a hole, so leading holes are dropped. `values()` returns the
 * same query object, so the patched `then` covers both shapes drizzle uses.
 */
function withoutStaleSlots<T extends PromiseLike<unknown>>(q: T, done: () => void): T {
  const then = q.then.bind(q) as (ok: (v: unknown) => unknown, ko?: (e: unknown) => unknown) => PromiseLike<unknown>;
  (q as { then: unknown }).then = (onFulfilled?: (v: unknown) => unknown, onRejected?: (e: unknown) => unknown) =>
    then((rows) => {
      try {
        done();
      } catch {
        /* bookkeeping only */
      }
      if (Array.isArray(rows) && rows.length > 0 && !(0 in rows)) {
        let first = 0;
        while (first < rows.length && !(first in rows)) first++;
        rows.splice(0, first);
      }
      return onFulfilled ? onFulfilled(rows) : rows;
    }, onRejected);
  return q;
}

/**
 * Defect 2: every new connection asks for the array types in a promise nobody
 * awaits; when that connection dies meanwhile, the rejection is unhandled
 * (and would end a worker process). The types are shared by the whole pool,
 * so once one connection has them the others need not ask again.
 */
function typesKnown(client: postgres.Sql): boolean {
  const options = client.options as unknown as { fetch_types: boolean; shared?: { typeArrayMap?: Record<string, number> } };
  if (!options?.fetch_types) return true;
  for (const _ in options.shared?.typeArrayMap ?? {}) {
    options.fetch_types = false;
    return true;
  }
  return false;
}

/**
 * Defect 3: a small write is deferred with setImmediate; when the connection
 * closes first, the deferred write throws `Cannot read properties of null
 * (reading 'write')` from the timer (an uncaught exception that ends the
 * process), and the connection keeps a stale timer so it never writes again:
 * every later query on it waits forever. The pool cannot be repaired, so it
 * is replaced: `resilient` gives a handle that always points at the current
 * pool, and the uncaught exception is taken as the signal to open a new pool
 * and close the old one (whose waiting queries then fail instead of hanging).
 */
export function isPoisonedWrite(err: unknown): boolean {
  return err instanceof TypeError && /reading 'write'|evaluating 'socket\.write'/.test(err.message) && /postgres[\\/]src[\\/]connection\.js/.test(err.stack ?? '');
}

/** Every resilient pool of the process (the shared one, a worker's connector pool), with one exception handler. */
const POOLS = new Set<() => void>();

/** What runs once a resilient pool has been replaced, by pool (keepListening). */
const REPLACED = new WeakMap<object, Set<() => void>>();

export function resilient<T extends { $client: postgres.Sql }>(create: () => T): T {
  let current = create();
  const replaced = new Set<() => void>();
  POOLS.add(() => {
    const old = current;
    current = create();
    void old.$client.end({ timeout: 1 }).catch(() => {});
    for (const fn of replaced) fn();
  });
  if (POOLS.size === 1) {
    process.on('uncaughtException', (err) => {
      // The exception does not say which pool the connection belonged to: every resilient pool is replaced.
      if (isPoisonedWrite(err)) {
        for (const replace of POOLS) replace();
        return logger.warn('database pools replaced after a broken connection (postgres.js defect)', { pools: POOLS.size });
      }
      // Not ours: keep the process's behaviour (Next.js logs and goes on; a
      // process with no other handler ends, as it would have without this one).
      if (process.listenerCount('uncaughtException') <= 1) throw err;
    });
  }
  const pool = new Proxy({} as T, {
    get(_target, prop) {
      const value = Reflect.get(current, prop, current);
      // Methods run on the current pool; $client (a callable with properties) is returned as is.
      return typeof value === 'function' && prop !== '$client' ? value.bind(current) : value;
    },
  });
  REPLACED.set(pool, replaced);
  return pool;
}

/**
 * LISTEN on `channel` of `pool` until `unlisten`, through whatever happens to the pool's connections. postgres.js
 * keeps a LISTEN across dropped connections by itself: it listens again on a new connection, retrying while the
 * database is away, and calls `onListen` each time it listens. But the LISTEN lives in the pool it was made on, and
 * a resilient pool that is replaced (above) ends that pool and its LISTEN for good: after a database failover the
 * worker's webhook loop and connector manager heard no notification again (tests/reliability/failover). So on
 * each replacement it listens again, on the new pool. `listening` settles once the first LISTEN answered (false:
 * it failed; postgres.js still retries, and `onListen` says when it succeeded).
 */
export function keepListening(
  pool: { $client: postgres.Sql },
  channel: string,
  onNotify: (payload: string) => void,
  onListen?: () => void,
): { listening: Promise<boolean>; unlisten: () => Promise<void> } {
  const listen = () =>
    pool.$client.listen(channel, onNotify, onListen).catch((e: unknown) => {
      logger.warn('listening failed; retried while the connection comes back', { channel, error: e });
      return null;
    });
  let current = listen();
  const again = () => void (current = listen());
  const replaced = REPLACED.get(pool);
  replaced?.add(again);
  return {
    listening: current.then(Boolean),
    unlisten: async () => {
      replaced?.delete(again);
      await (await current)?.unlisten().catch(() => {});
    },
  };
}
