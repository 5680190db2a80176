import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { dropDatabasesOfDeadRuns } from '../../server/dev/stale-databases';
import { startProcess, type Proc } from '../../scripts/service-process';

/**
 * The bench's side of starting the service (the process handling itself is
 * scripts/service-process.ts, shared with the reliability tests): a fresh
 * database on the local Postgres, the profiled variant of the processes, and
 * the operator CLI.
 */
export { ensureBuild, freePort, sleep, startNpm, waitFor, type Proc } from '../../scripts/service-process';
const run = promisify(execFile);
const cwd = process.cwd();

/**
 * DATABASE_URL's server if set, else the local Postgres; a new database named after this process (and `suffix`, for a
 * run that uses more than one).
 */
export async function freshDatabase(suffix = ''): Promise<{ url: string; serverUrl: string; drop: () => Promise<void> }> {
  const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  server.pathname = '/postgres';
  const name = `sms_bench_${process.pid}${suffix ? `_${suffix}` : ''}`;
  const admin = postgres(server.toString(), { max: 1, onnotice: () => {} });
  await dropDatabasesOfDeadRuns(admin, 'sms_bench_'); // bench runs killed before they could drop theirs
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

/**
 * For --profile only: the same processes without npm and the launcher in
 * front (--cpu-prof is refused in NODE_OPTIONS): the web process
 * (dist/web.js) and the worker process (dist/worker.js) themselves, as
 * `npm start` runs them (compiled by `npm run build`, which ensureBuild ran),
 * without the launcher that supervises them.
 */
export function startProfiled(role: 'web' | 'worker', env: NodeJS.ProcessEnv, dir: string): Proc {
  const prof = ['--cpu-prof', `--cpu-prof-dir=${path.join(dir, role)}`, '--enable-source-maps'];
  return role === 'web'
    ? startProcess(process.execPath, [...prof, 'dist/web.js', 'start'], env)
    : startProcess(process.execPath, [...prof, 'dist/worker.js'], env);
}

export async function migrate(env: NodeJS.ProcessEnv): Promise<void> {
  await run('npm', ['run', 'db:migrate', '--silent'], { cwd, env });
}

/** `npm run admin -- <args> --json`: the one JSON object it prints. */
export async function admin(env: NodeJS.ProcessEnv, ...args: string[]): Promise<any> {
  const { stdout } = await run('npm', ['run', 'admin', '--silent', '--', ...args, '--json'], { cwd, env });
  return JSON.parse(stdout);
}

/**
 * The service's environment in every bench script: a test deployment on `databaseUrl`, compiled code
 * (NODE_ENV=production), no demo seed, a simulator that answers at once, warnings only; `extra` adds to it.
 */
export function benchEnv(databaseUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-0001',
    SMS_ENV: 'test',
    NODE_ENV: 'production',
    SEED_DEMO: 'off',
    CARRIER_SIM_DELAY_MS: '0',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

export type BenchMerchant = { organization_id: string; app_id: string; api_key: string; walletId: string };

/**
 * A merchant as every bench phase gets one, through the operator CLI: a large prepaid wallet, the Vodacom and
 * Orange price rows, rate limits out of the way; with the id of its prepaid wallet.
 */
export async function benchMerchant(env: NodeJS.ProcessEnv, sql: postgres.Sql, name: string, extra: string[] = []): Promise<BenchMerchant> {
  const m = await admin(env, 'create-merchant', '--name', name, '--prepaid', '10000000', '--default-price', '0.02',
    '--price', 'CD:Vodacom:24381,24382,24383:0.02', '--price', 'CD:Orange:24384,24385,24389:0.019', ...extra);
  await admin(env, 'set-rate-limits', '--app-id', m.app_id, '--send', '1000000', '--status', '1000000', '--balance', '1000000', '--calculate', '1000000');
  const [w] = await sql<{ id: string }[]>`select id from wallets where organization_id = ${m.organization_id} and type = 'SVC_SMS'`;
  return { organization_id: m.organization_id, app_id: m.app_id, api_key: m.api_key, walletId: w.id };
}
