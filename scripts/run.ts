/**
 * The one launcher behind `npm run dev`, `npm start` and `npm run worker`, and
 * the supervisor of the processes it starts:
 *   dev    -> embedded Postgres if DATABASE_URL is unset, migrate, seed the demo
 *             merchant on an empty database, then the web process (scripts/web.ts:
 *             Next.js in dev mode + the REST listener) and a worker process
 *             (scripts/worker.ts)
 *   start  -> the same with Next.js serving the production build (run
 *             `npm run build` first); WORKER=off for the web process only
 *   worker -> migrate, then a worker process alone
 * A child that dies is started again after a backoff (server/supervisor/
 * restart-policy.ts) without touching the other; restarts are logged and the
 * web process shows them in GET /health (`checks.supervisor`). SIGTERM/SIGINT
 * stop every child (SIGTERM, then SIGKILL after STOP_GRACE_MS) and exit 0. With SMPP_PORT (default
 * 2775, `off`: none) dev and start also run the SMPP listener (scripts/smpp.ts, D15) as a third child.
 * Web processes are stateless; run as many web and worker processes against one
 * Postgres as you like.
 *
 * Started from dist/run.js (`npm start`, `npm run worker`: `npm run build` bundled it,
 * scripts/build-server.mjs) it starts its children from dist/*.js with plain node (source maps on,
 * except in the web process: see sourceMapFlags): nothing compiles TypeScript at run time. Started as scripts/run.ts
 * with tsx (`npm run dev`, tests) it starts them from scripts/*.ts with tsx.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateDatabase } from '../db/migrate';
import { closeDb, createDb } from '../db/client';
import { resolveDatabaseUrl } from '../server/dev/database-url';
import { parseEnv, sandboxExposureWarning } from '../server/env';
import { findDemoMerchant, seedDemoMerchant } from '../server/domain/organizations/seed-demo';
import { surviveDatabaseOutages } from '../server/lib/db-errors';
import { logger } from '../server/lib/logger';
import { superviseChild, type SupervisedChild } from '../server/supervisor/supervise-child';
import { isChildHello, type SupervisorMessage } from '../server/supervisor/supervisor-facts';

/** A child gets this long after SIGTERM (the web process needs up to 6 s) before SIGKILL. */
const STOP_GRACE_MS = 10_000;

const mode = process.argv[2];
if (mode !== 'dev' && mode !== 'start' && mode !== 'worker') {
  console.error('usage: node dist/run.js start|worker, or node --import tsx scripts/run.ts dev|start|worker');
  process.exit(2);
}
if (mode === 'start') (process.env as Record<string, string>).NODE_ENV ??= 'production';

surviveDatabaseOutages((m, f) => logger.warn(m, f));

let stopping = false;
const children: SupervisedChild[] = [];
let stopDatabase: () => Promise<void> = async () => {};
async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    await Promise.all(children.map((c) => c.stop(STOP_GRACE_MS)));
    await stopDatabase().catch(() => {});
  }
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (!stopping) logger.info('stopping', { signal });
    void shutdown(0);
  });
}

const database = await resolveDatabaseUrl();
stopDatabase = database.stop;
// next-auth builds its callback URLs from NEXTAUTH_URL; default to this process's own address.
process.env.NEXTAUTH_URL ??= `http://localhost:${process.env.PORT ?? 3000}`;
// Next.js's anonymous telemetry stays off unless an operator opts in (NEXT_TELEMETRY_DISABLED=0).
process.env.NEXT_TELEMETRY_DISABLED ??= '1';
const settings = parseEnv(); // fails fast on bad settings (e.g. SMS_ENV=live without APP_SECRET)
const exposure = sandboxExposureWarning(settings);
if (exposure) logger.warn(exposure);
await migrateDatabase(database.url);

if (mode !== 'worker' && settings.SMS_ENV === 'test' && settings.SEED_DEMO === 'on') {
  const db = createDb(database.url, { max: 1 });
  const demo = await seedDemoMerchant(db, settings.APP_SECRET);
  const existing = demo ? null : await findDemoMerchant(db);
  await closeDb(db);
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
  } else if (existing) {
    console.log(
      [
        '',
        `  Demo merchant (sandbox): organization ${existing.organizationId}, app ${existing.appId}`,
        `  Lost its API key? A new one (the old one stops): npm run admin -- rotate-key --app-id ${existing.appId}`,
        '',
      ].join('\n'),
    );
  }
}

/**
 * `npm start`'s web process keeps its old generation under 192 MB and its
 * worker under 160 MB: left to itself V8 let the web process grow to ~350 MB
 * under load (garbage it had no reason to collect yet), for no measurable
 * throughput gain (bench, docs/performance.md). Each child's young
 * generation is held to two semi-spaces of SEMI_SPACE_MB (V8's default is up
 * to 16 MB each, which the web and worker processes reached under load: 33 MB
 * less for the two at the bench's peak). Set --max-old-space-size or
 * --max-semi-space-size in NODE_OPTIONS to choose other sizes.
 */
const SEMI_SPACE_MB = 8;
function heapFlags(megabytes: number): string[] {
  if (mode === 'dev') return [];
  const options = process.env.NODE_OPTIONS ?? '';
  return [
    ...(/--max-old-space-size/.test(options) ? [] : [`--max-old-space-size=${megabytes}`]),
    ...(/--max-semi-space-size/.test(options) ? [] : [`--max-semi-space-size=${SEMI_SPACE_MB}`]),
  ];
}

/** dist/run.js starts dist/<name>.js; scripts/run.ts starts scripts/<name>.ts with tsx. */
const self = fileURLToPath(import.meta.url);
const compiled = path.extname(self) === '.js';
const script = (name: string) => path.join(path.dirname(self), `${name}.${compiled ? 'js' : 'ts'}`);
const loader = compiled ? ['--enable-source-maps'] : ['--import', 'tsx'];
/**
 * The compiled web process runs without --enable-source-maps: with it, Node reads and keeps the source map of
 * every module that names one as it loads, and Next's runtime (app-page-turbo.runtime.prod.js.map alone is
 * 4 MB) and the 229 chunks of .next/server all do, which held ~60 MB of the web process's heap for stack
 * traces (117 MB heap used after start with it, 55 MB without; docs/performance.md). Its traces then name
 * dist/web.js lines; NODE_OPTIONS=--enable-source-maps (inherited by every child) turns them back on.
 */
const webLoader = compiled ? [] : loader;
let web: SupervisedChild | undefined;
let worker: SupervisedChild | undefined;
let smppListener: SupervisedChild | undefined;
/** The web process answers GET /health: it gets the restart facts when it asks and after every restart. */
const tellWeb = () =>
  web?.send({ type: 'supervisor-facts', facts: { web: web.facts(), worker: worker?.facts(), smpp: smppListener?.facts() } } satisfies SupervisorMessage);

if (!stopping && mode !== 'worker') {
  web = superviseChild({
    name: 'web',
    script: script('web'),
    args: [mode],
    execArgv: [...webLoader, ...(mode === 'start' ? heapFlags(192) : [])],
    baseDelayMs: settings.SUPERVISOR_BACKOFF_MS,
    onChange: tellWeb,
    onMessage: (m) => isChildHello(m) && tellWeb(),
  });
  children.push(web);
}
if (!stopping && (mode === 'worker' || settings.WORKER === 'on')) {
  worker = superviseChild({
    name: 'worker',
    script: script('worker'),
    args: [],
    execArgv: [...loader, ...heapFlags(160)],
    baseDelayMs: settings.SUPERVISOR_BACKOFF_MS,
    onChange: tellWeb,
  });
  children.push(worker);
}
// D15: merchants' ESMEs bind to this process (SMPP_PORT, default 2775; off: none).
if (!stopping && mode !== 'worker' && settings.SMPP_PORT !== 'off') {
  smppListener = superviseChild({
    name: 'smpp',
    script: script('smpp'),
    args: [],
    execArgv: [...loader, ...heapFlags(128)],
    baseDelayMs: settings.SUPERVISOR_BACKOFF_MS,
    onChange: tellWeb,
  });
  children.push(smppListener);
}
