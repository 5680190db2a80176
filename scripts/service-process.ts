import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildIsFresh, serverBuildIsFresh } from './ensure-build';

/**
 * The real service as a child process, for what starts it the way an operator
 * does (the reliability tests, `npm run bench`): the production build, `npm
 * start` / `npm run worker` process trees in their own process group, stopped
 * or killed whole (npm, the launcher and the web process it starts).
 */
const run = promisify(execFile);
const cwd = process.cwd();

/**
 * `npm run build` unless the build is fresh (.next and dist/); only the server bundles when just dist/ is
 * stale. A lock directory keeps two callers from building at once.
 */
export async function ensureBuild(log: (m: string) => void = () => {}): Promise<void> {
  const lock = path.join(cwd, '.data', 'build.lock');
  mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + 240_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Held by another caller (or left by a killed run: stale after 4 minutes).
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0) > 240_000) rmdirSync(lock, { recursive: true } as never);
      if (Date.now() > deadline) throw new Error('waited too long for another build');
      await sleep(500);
    }
  }
  try {
    const env = { ...process.env, NODE_ENV: 'production' as const };
    const t0 = performance.now();
    if (buildIsFresh(cwd)) {
      if (serverBuildIsFresh()) return log('build: .next and dist/ are fresh, reused');
      log('build: sources newer than dist/, building the server bundles ...');
      await run(process.execPath, ['scripts/build-server.mjs'], { cwd, env });
      return log(`build: done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    log('build: sources newer than .next, running npm run build ...');
    await run('npm', ['run', 'build', '--silent'], { cwd, env, maxBuffer: 64 << 20 });
    log(`build: done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
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
  /** SIGTERM to the whole process group; SIGKILL to what is left after 10 s. Resolves when the group is gone. */
  stop: () => Promise<void>;
  /** SIGKILL to the whole process group: no shutdown code runs. */
  kill: () => Promise<void>;
};

/** `npm <args> --silent` in its own process group, output captured (the last 200 KB). */
export function startNpm(args: string[], env: NodeJS.ProcessEnv): Proc {
  return startProcess('npm', [...args, '--silent'], env);
}

export function startProcess(cmd: string, args: string[], env: NodeJS.ProcessEnv): Proc {
  let output = '';
  const child = spawn(cmd, args, { cwd, env, detached: true });
  const keep = (d: Buffer) => (output = (output + d).slice(-200_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  // The whole group, even when npm itself is gone (its children outlive it for a moment).
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

/** Polls `probe` until it returns something truthy (errors count as "not yet"). */
export async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000, everyMs = 100, what = 'a condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const v = await probe();
      if (v) return v;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
