import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema';

export type Db = PostgresJsDatabase<typeof schema> & { $client: postgres.Sql };
/** A transaction handle or the database itself: domain functions accept either. */
export type DbOrTx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction' | 'query'>;

export function createDb(url: string, opts: { max?: number } = {}): Db {
  const client = postgres(url, {
    max: opts.max ?? 10,
    idle_timeout: 30,
    connect_timeout: 5,
    // numeric stays a string (exact money); bigint as JS number is safe for our ids.
    types: { bigint: postgres.BigInt },
    onnotice: () => {},
  });
  return drizzle(client, { schema }) as Db;
}

let shared: Db | undefined;
/** The process-wide pool, created on first use from DATABASE_URL. */
export function db(): Db {
  if (!shared) {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is not set (the launcher resolves it before the app starts)');
    shared = createDb(url, { max: Number(process.env.DB_POOL_MAX ?? 10) });
  }
  return shared;
}
