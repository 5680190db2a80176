/**
 * The one launcher behind `npm run dev`, `npm start` and `npm run worker`:
 *   dev    -> embedded Postgres if DATABASE_URL is unset, migrate, seed the demo
 *             merchant on an empty database, the web process (scripts/web.ts:
 *             Next.js in dev mode + the REST listener) + a worker
 *   start  -> the same with Next.js serving the production build (run
 *             `npm run build` first); WORKER=off for a web-only process
 *   worker -> migrate, then a graphile-worker runner alone
 * Web processes are stateless; run as many web and worker processes against one
 * Postgres as you like.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { migrateDatabase } from '../db/migrate';
import { createDb } from '../db/client';
import { resolveDatabaseUrl } from '../server/dev/database-url';
import { parseEnv } from '../server/env';
import { seedDemoMerchant } from '../server/domain/organizations/seed-demo';
import { startWorker, type RunningWorker } from '../server/jobs/worker';
import { isDatabaseUnavailable } from '../server/lib/db-errors';
import { logger } from '../server/lib/logger';

const mode = process.argv[2];
if (mode !== 'dev' && mode !== 'start' && mode !== 'worker') {
  console.error('usage: tsx scripts/run.ts dev|start|worker');
  process.exit(2);
}
if (mode === 'start') (process.env as Record<string, string>).NODE_ENV ??= 'production';

// postgres.js can reject a promise nobody awaits when a connection dies while it
// is being opened (a database restart or outage): that is not a reason to end the
// worker. Any other unhandled rejection still ends the process, as by default.
process.on('unhandledRejection', (reason) => {
  if (isDatabaseUnavailable(reason)) return logger.warn('database connection lost while opening', { error: reason });
  throw reason;
});

const database = await resolveDatabaseUrl();
// next-auth builds its callback URLs from NEXTAUTH_URL; default to this process's own address.
process.env.NEXTAUTH_URL ??= `http://localhost:${process.env.PORT ?? 3000}`;
const settings = parseEnv(); // fails fast on bad settings (e.g. SMS_ENV=live without APP_SECRET)
await migrateDatabase(database.url);

if (mode !== 'worker' && settings.SMS_ENV === 'test' && settings.SEED_DEMO === 'on') {
  const db = createDb(database.url, { max: 1 });
  const demo = await seedDemoMerchant(db, settings.APP_SECRET);
  await db.$client.end();
  if (demo) {
    console.log(
      [
        '',
        '  Demo merchant created (sandbox): 100.00 USD prepaid, 50.00 USD postpaid, DRC pricing.',
        `  organization ${demo.organizationId}, app ${demo.appId}`,
        `  API key (shown once, store it now): ${demo.apiKey}`,
        '',
      ].join('\n'),
    );
  }
}

/**
 * `npm start`'s web process keeps its old generation under 192 MB: left to
 * itself V8 let the web process grow to ~350 MB under load (garbage it had no
 * reason to collect yet), for no measurable throughput gain (bench, Performance
 * in the README). Set --max-old-space-size in NODE_OPTIONS to choose another size.
 */
function webHeapFlags(): string[] {
  if (mode !== 'start' || /--max-old-space-size/.test(process.env.NODE_OPTIONS ?? '')) return [];
  return ['--max-old-space-size=192'];
}

let web: ChildProcess | undefined;
let worker: RunningWorker | undefined;
let stopping = false;

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    if (web && web.exitCode === null) web.kill('SIGTERM');
    await worker?.stop().catch(() => {});
    if (web && web.exitCode === null) await new Promise((r) => web!.once('exit', r));
    await database.stop().catch(() => {});
  }
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

if (mode !== 'worker') {
  // Next.js and the REST listener on one port (scripts/web.ts), TypeScript loaded by tsx as here.
  web = spawn(process.execPath, [...webHeapFlags(), '--import', 'tsx', fileURLToPath(new URL('./web.ts', import.meta.url)), mode], {
    stdio: 'inherit',
    env: process.env,
  });
  web.on('exit', (code) => {
    if (!stopping) {
      console.error(`[web] exited with code ${code}`);
      void shutdown(code ?? 1);
    }
  });
}

if (mode === 'worker' || settings.WORKER === 'on') {
  worker = await startWorker({ connectionString: database.url, concurrency: settings.WORKER_CONCURRENCY });
}
