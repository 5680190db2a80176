import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';

/**
 * The service as an operator runs it, for the bench: a fresh database on the
 * local Postgres, the production build (rebuilt only when a source is newer,
 * as tests/smoke/service.int.test.ts does), `npm start` / `npm run worker`
 * process trees, and the operator CLI.
 */
const run = promisify(execFile);
const cwd = process.cwd();

/** The build is reused only when it is newer than every source file it was made from. */
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

export async function buildIfNeeded(log: (m: string) => void): Promise<void> {
  if (buildIsFresh()) return log('build: .next is fresh, reused');
  log('build: sources newer than .next, running npm run build ...');
  const t0 = performance.now();
  await run('npm', ['run', 'build', '--silent'], { cwd, env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 64 << 20 });
  log(`build: done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/** DATABASE_URL's server if set, else the local Postgres; a new database named after this process. */
export async function freshDatabase(): Promise<{ url: string; serverUrl: string; drop: () => Promise<void> }> {
  const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  server.pathname = '/postgres';
  const name = `sms_bench_${process.pid}`;
  const admin = postgres(server.toString(), { max: 1, onnotice: () => {} });
  // Databases of bench runs that were killed before they could drop theirs.
  for (const { datname } of await admin<{ datname: string }[]>`select datname from pg_database where datname like 'sms_bench_%'`) {
    const pid = Number(datname.slice('sms_bench_'.length));
    if (pid && !alive(pid)) await admin.unsafe(`drop database if exists ${datname} with (force)`);
  }
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  const url = new URL(server.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    serverUrl: server.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end({ timeout: 2 });
    },
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export type Proc = { child: ChildProcess; output: () => string; stop: () => Promise<void> };

/** `npm <args>` in its own process group (so the whole tree can be stopped), output captured. */
export function startNpm(args: string[], env: NodeJS.ProcessEnv): Proc {
  return startProc('npm', [...args, '--silent'], env);
}

/**
 * For --profile only: the same processes without npm and the tsx launcher in
 * front (--cpu-prof is refused in NODE_OPTIONS): next-server itself, and the
 * launcher's worker mode under node --import tsx.
 */
export function startProfiled(role: 'web' | 'worker', env: NodeJS.ProcessEnv, dir: string): Proc {
  // One directory per role: the loader thread of --import tsx writes its own profile too.
  const prof = ['--cpu-prof', `--cpu-prof-dir=${path.join(dir, role)}`];
  return role === 'web'
    ? startProc(process.execPath, [...prof, 'node_modules/next/dist/bin/next', 'start', '-p', String(env.PORT)], env)
    : startProc(process.execPath, [...prof, '--import', 'tsx', 'scripts/run.ts', 'worker'], env);
}

export async function migrate(env: NodeJS.ProcessEnv): Promise<void> {
  await run('npm', ['run', 'db:migrate', '--silent'], { cwd, env });
}

function startProc(cmd: string, args: string[], env: NodeJS.ProcessEnv): Proc {
  let output = '';
  const child = spawn(cmd, args, { cwd, env, detached: true });
  child.stdout?.on('data', (d) => (output = (output + d).slice(-200_000)));
  child.stderr?.on('data', (d) => (output = (output + d).slice(-200_000)));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return {
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || !child.pid) return;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        return;
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* gone */
        }
      }, 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 60_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const v = await probe();
      if (v) return v;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** `npm run admin -- <args> --json`: the one JSON object it prints. */
export async function admin(env: NodeJS.ProcessEnv, ...args: string[]): Promise<any> {
  const { stdout } = await run('npm', ['run', 'admin', '--silent', '--', ...args, '--json'], { cwd, env });
  return JSON.parse(stdout);
}
