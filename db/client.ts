import 'server-only';
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { hardenedClient, reconnectDelay, resilient, transactionClient } from '@/server/lib/postgres-js';
// No schema is handed to drizzle: nothing uses its relational `db.query` API, and with a schema every transaction
// handle builds a query builder per table (33 tables) before its first statement, on every send and pipeline step.
export type Db = PostgresJsDatabase & { $client: postgres.Sql };
/** A transaction handle or the database itself: domain functions accept either. */
export type DbOrTx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

/**
 * What every connection of the service sets when it connects, whatever the server's defaults: no JIT compilation.
 * The service's statements each touch a few rows, but over tables of millions of rows and a dozen monthly partitions
 * the planner's estimate of one can pass `jit_above_cost`, and Postgres then compiles its expressions at every run
 * (measured at 10 million recipients: the SMPP receipts consumer's statement, 0 rows, 1.5-2.4 s of LLVM compilation a
 * run). postgres.js takes them as `connection`; node-postgres (the job queue's pool, the partition maintenance's
 * client) as `options` (PG_SESSION_OPTIONS).
 */
export const SESSION_SETTINGS = { jit: 'off' } as const;
export const PG_SESSION_OPTIONS = Object.entries(SESSION_SETTINGS).map(([k, v]) => `-c ${k}=${v}`).join(' ');

/**
 * Every connection has SESSION_SETTINGS. `customPlans`: every statement is planned with its parameters and the tables' sizes at the time (Postgres
 * `plan_cache_mode = force_custom_plan`). For the connector's pool: the carrier tables are queues, empty when a
 * prepared statement's generic plan is made and cached, then thousands of rows within seconds, and a plan made for
 * an empty table scans the full one (measured: receipts applied at 309/s instead of about 4,000).
 */
export function createDb(url: string, opts: { max?: number; customPlans?: boolean } = {}): Db {
  const client = postgres(url, {
    max: opts.max ?? 10,
    connection: { ...SESSION_SETTINGS, ...(opts.customPlans ? { plan_cache_mode: 'force_custom_plan' } : {}) },
    idle_timeout: 30,
    connect_timeout: 5,
    // numeric stays a string (exact money); bigint as JS number is safe for our ids.
    types: { bigint: postgres.BigInt },
    onnotice: () => {},
    // reconnect within 0.5 s once the database is back (server/lib/postgres-js.ts)
    backoff: reconnectDelay,
  });
  // prepared statements, and the driver's defects worked around (server/lib/postgres-js.ts)
  const db = drizzle(hardenedClient(client)) as Db;
  return adopt(db, db.$client);
}

/**
 * The postgres.js client under each drizzle handle made here: the pool's, and each transaction's and savepoint's
 * (drizzle keeps it in a private field; this module records it when the handle is made, through public calls only).
 */
const CLIENTS = new WeakMap<object, postgres.Sql>();

type Transactional = { transaction: (fn: (tx: object) => unknown, config?: unknown) => Promise<unknown> };

/** Records `handle`'s client, and makes its transactions (and theirs, nested) record theirs. */
function adopt<T extends object>(handle: T, client: postgres.Sql): T {
  CLIENTS.set(handle, client);
  const h = handle as unknown as Transactional;
  const transaction = h.transaction.bind(handle);
  // drizzle calls `fn` with the handle it built around the client postgres.js is running the transaction with.
  h.transaction = (fn, config) =>
    transaction((tx) => {
      const txClient = transactionClient.getStore();
      return fn(txClient ? adopt(tx, txClient) : tx);
    }, config);
  return handle;
}

/** The postgres.js client a handle runs on (the pool, or a transaction made through it); undefined for any other. */
function clientOf(db: object): postgres.Sql | undefined {
  // db() hands out a proxy of the current pool: its $client is the current pool's client.
  return CLIENTS.get(db) ?? (db as { $client?: postgres.Sql }).$client;
}

/** True for a pool (db(), createDb), false for a transaction handle. */
export function isPool(db: object): boolean {
  return (db as { $client?: postgres.Sql }).$client !== undefined;
}

/** What identifies a handle for per-handle caches: a pool's client (db() may replace the pool behind one handle), else the handle. */
export function handleIdentity(db: object): object {
  return (db as { $client?: object }).$client ?? db;
}

/**
 * Runs a statement whose text and parameters are already built, straight on the handle's postgres.js client (no
 * drizzle layer): postgres.js's rows, or its error as it is. Prepared (a named statement per connection) up to
 * PREPARE_MAX_PARAMS parameters, or always with `prepare`. Undefined when the handle's client is not known here
 * (a handle made elsewhere): the caller runs the statement through drizzle.
 */
export function runStatement<T>(db: object, text: string, params: readonly unknown[], opts: { prepare?: boolean } = {}): Promise<T[]> | undefined {
  const client = clientOf(db);
  if (!client) return undefined;
  return client.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: opts.prepare ?? false }) as unknown as Promise<T[]>;
}

/** Closes a pool: its connections end once their queries are done, or after `timeout` seconds. */
export function closeDb(db: object, opts: { timeout?: number } = {}): Promise<void> {
  const client = (db as { $client?: postgres.Sql }).$client;
  return client ? client.end(opts) : Promise.resolve();
}

/**
 * Kept on globalThis: in the web process this module is loaded twice (inside
 * Next's server bundle for the dashboard, and by the REST listener), and both
 * must share one pool of DB_POOL_MAX connections.
 */
const SHARED = Symbol.for('sms-gateway.db.pool');
type WithPool = typeof globalThis & { [SHARED]?: Db };

/** The process-wide pool, created on first use from DATABASE_URL; replaced whole if the driver breaks it. */
export function db(): Db {
  const g = globalThis as WithPool;
  if (!g[SHARED]) {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is not set (the launcher resolves it before the app starts)');
    g[SHARED] = resilient(() => createDb(url, { max: Number(process.env.DB_POOL_MAX ?? 10) }));
  }
  return g[SHARED];
}
