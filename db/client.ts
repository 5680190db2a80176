import 'server-only';
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { hardenedClient, reconnectDelay, resilient } from '@/server/lib/postgres-js';
// No schema is handed to drizzle: nothing uses its relational `db.query` API, and with a schema every transaction
// handle builds a query builder per table (33 tables) before its first statement, on every send and pipeline step.
export type Db = PostgresJsDatabase & { $client: postgres.Sql };
/** A transaction handle or the database itself: domain functions accept either. */
export type DbOrTx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

/**
 * `customPlans`: every statement is planned with its parameters and the tables' sizes at the time (Postgres
 * `plan_cache_mode = force_custom_plan`). For the connector's pool: the carrier tables are queues, empty when a
 * prepared statement's generic plan is made and cached, then thousands of rows within seconds, and a plan made for
 * an empty table scans the full one (measured: receipts applied at 309/s instead of about 4,000).
 */
export function createDb(url: string, opts: { max?: number; customPlans?: boolean } = {}): Db {
  const client = postgres(url, {
    max: opts.max ?? 10,
    ...(opts.customPlans ? { connection: { plan_cache_mode: 'force_custom_plan' } } : {}),
    idle_timeout: 30,
    connect_timeout: 5,
    // numeric stays a string (exact money); bigint as JS number is safe for our ids.
    types: { bigint: postgres.BigInt },
    onnotice: () => {},
    // reconnect within 0.5 s once the database is back (server/lib/postgres-js.ts)
    backoff: reconnectDelay,
  });
  // prepared statements, and the driver's defects worked around (server/lib/postgres-js.ts)
  return drizzle(hardenedClient(client)) as Db;
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
