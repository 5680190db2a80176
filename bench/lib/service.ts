import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { startProcess, type Proc } from '../../scripts/service-process';

/**
 * The bench's side of starting the service (the process handling itself is
 * scripts/service-process.ts, shared with the reliability tests): a fresh
 * database on the local Postgres, the profiled variant of the processes, and
 * the operator CLI.
 */
export { ensureBuild, startNpm, waitFor, type Proc } from '../../scripts/service-process';
const run = promisify(execFile);
const cwd = process.cwd();

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

/**
 * For --profile only: the same processes without npm and the launcher in
 * front (--cpu-prof is refused in NODE_OPTIONS): the web process
 * (scripts/web.ts) itself, and the launcher's worker mode.
 */
export function startProfiled(role: 'web' | 'worker', env: NodeJS.ProcessEnv, dir: string): Proc {
  // One directory per role: the loader thread of --import tsx writes its own profile too.
  const prof = ['--cpu-prof', `--cpu-prof-dir=${path.join(dir, role)}`];
  return role === 'web'
    ? startProcess(process.execPath, [...prof, '--import', 'tsx', 'scripts/web.ts', 'start'], env)
    : startProcess(process.execPath, [...prof, '--import', 'tsx', 'scripts/run.ts', 'worker'], env);
}

export async function migrate(env: NodeJS.ProcessEnv): Promise<void> {
  await run('npm', ['run', 'db:migrate', '--silent'], { cwd, env });
}

/** `npm run admin -- <args> --json`: the one JSON object it prints. */
export async function admin(env: NodeJS.ProcessEnv, ...args: string[]): Promise<any> {
  const { stdout } = await run('npm', ['run', 'admin', '--silent', '--', ...args, '--json'], { cwd, env });
  return JSON.parse(stdout);
}
