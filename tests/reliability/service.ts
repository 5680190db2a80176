import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The real service for the reliability tests, as tests/smoke/service.int.test.ts
 * starts it: the production build (rebuilt when a source is newer, one build at
 * a time across test files), `npm start` / `npm run worker` process trees on
 * this file's database (DATABASE_URL and APP_SECRET from tests/setup-db.ts),
 * stopped or killed as whole process groups.
 */
const run = promisify(execFile);
const cwd = process.cwd();

export function buildIsFresh(): boolean {
  if (!existsSync('.next/BUILD_ID')) return false;
  const built = statSync('.next/BUILD_ID').mtimeMs;
  const newest = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce((max, e) => {
      const p = path.join(dir, e.name);
      return Math.max(max, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
    }, 0);
  const sources = ['app', 'server', 'db', 'components', 'next.config.mjs', 'package-lock.json'].filter((p) => existsSync(p));
  return sources.every((p) => (statSync(p).isDirectory() ? newest(p) : statSync(p).mtimeMs) < built);
}

/** Builds when needed; a lock directory keeps two test files from building at once. */
export async function ensureBuild(): Promise<void> {
  const lock = path.join(cwd, '.data', 'build.lock');
  mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + 240_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Held by another file (or left by a killed run: stale after 4 minutes).
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs > 240_000) rmdirSync(lock);
      if (Date.now() > deadline) throw new Error('waited too long for another build');
      await sleep(500);
    }
  }
  try {
    if (!buildIsFresh()) await run('npm', ['run', 'build', '--silent'], { cwd, env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 64 << 20 });
  } finally {
    rmdirSync(lock);
  }
}

export async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as { port: number };
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

export type Proc = {
  child: ChildProcess;
  output: () => string;
  /** SIGTERM to the whole process group, SIGKILL after 10 s. */
  stop: () => Promise<void>;
  /** SIGKILL to the whole process group: no shutdown code runs. */
  kill: () => Promise<void>;
};

export function startProc(args: string[], env: Record<string, string | undefined>): Proc {
  let output = '';
  const child = spawn('npm', [...args, '--silent'], { cwd, env: { ...process.env, NODE_ENV: 'production', SEED_DEMO: 'off', ...env }, detached: true });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  // The whole process group, even when npm itself is gone (a crashed launcher leaves next-server behind).
  const groupAlive = () => {
    try {
      process.kill(-child.pid!, 0);
      return true;
    } catch {
      return false;
    }
  };
  const signal = async (sig: NodeJS.Signals) => {
    if (!child.pid || !groupAlive()) return;
    try {
      process.kill(-child.pid, sig);
    } catch {
      return;
    }
    const deadline = Date.now() + 10_000;
    while (groupAlive() && Date.now() < deadline) await sleep(50);
    if (groupAlive()) process.kill(-child.pid, 'SIGKILL');
    if (child.exitCode === null && child.signalCode === null) await exited;
  };
  return { child, output: () => output, stop: () => signal('SIGTERM'), kill: () => signal('SIGKILL') };
}

export type Service = Proc & { port: number; origin: string; api: string };

/** `npm start` on a free port; resolves once GET /health answers 200. */
export async function startService(env: Record<string, string | undefined> = {}): Promise<Service> {
  const port = await freePort();
  const proc = startProc(['start'], { PORT: String(port), LOG_LEVEL: 'warn', ...env });
  const origin = `http://127.0.0.1:${port}`;
  const api = `${origin}/api/v1/svc/sms-api`;
  await waitFor(async () => (await fetch(`${api}/health`)).status === 200, 90_000, 250).catch((e) => {
    throw new Error(`${(e as Error).message}: the service did not start\n${proc.output()}`);
  });
  return { ...proc, port, origin, api };
}

export async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const v = await probe();
      if (v) return v;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(everyMs);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
