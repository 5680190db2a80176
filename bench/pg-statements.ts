/**
 * Postgres time per statement of the pipeline, the service against the raw loop (issue 16), measured on a quiet
 * database without concurrency: `npx tsx bench/pg-statements.ts [dispatches]`.
 *
 * A fresh database gets `log_min_duration_statement = 0` (for it alone), so the server log (/var/log/postgresql,
 * readable here) holds the duration of every parse, bind and execute. The same sends (bench/lib/raw-db.ts
 * rawSendOnce) are taken to terminal once by the raw loop's steps and once by the service's worker (graphile-worker,
 * concurrency 1, in this process), and the log lines between the marks are summed per statement text.
 * Durations are server wall time of one statement at a time: CPU plus its own I/O waits (the WAL flush at COMMIT).
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import postgres from 'postgres';
import { digestApiKey } from '@/server/lib/crypto';
import { rawDispatchSteps, rawSendOnce, type RawMerchant } from './lib/raw-db';
import { benchEnv, benchMerchant, freshDatabase, migrate } from './lib/service';

const K = Number(process.argv[2] ?? 10);
const LOG = process.env.PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';
const log = (m: string) => console.log(`[pg-statements] ${m}`);

const database = await freshDatabase();
const env = benchEnv(database.url);
Object.assign(process.env, env);
await migrate(env);
const name = new URL(database.url).pathname.slice(1);
const sql = postgres(database.url, { max: 4, onnotice: () => {} });

async function merchant(n: string): Promise<RawMerchant> {
  const m = await benchMerchant(env, sql, n);
  return { appId: m.app_id, organizationId: m.organization_id, walletId: m.walletId, digest: digestApiKey(env.APP_SECRET!, m.api_key), sendLimit: 1_000_000 };
}
const rawM = await merchant('raw');
const svcM = await merchant('service');

await sql.unsafe(`alter database ${name} set log_min_duration_statement = 0`);
await sql.unsafe(`alter database ${name} set log_parameter_max_length = 0`);
await sql.unsafe(`alter database ${name} set log_parameter_max_length_on_error = 0`);
if (process.env.PG_EXPLAIN) {
  // plans of the statements over PG_EXPLAIN ms, in the same log (auto_explain, loaded per session)
  await sql.unsafe(`alter database ${name} set session_preload_libraries = 'auto_explain'`);
  await sql.unsafe(`alter database ${name} set auto_explain.log_min_duration = '${Number(process.env.PG_EXPLAIN)}ms'`);
  await sql.unsafe(`alter database ${name} set auto_explain.log_analyze = on`);
  await sql.unsafe(`alter database ${name} set auto_explain.log_buffers = on`);
  await sql.unsafe(`alter database ${name} set auto_explain.log_wal = on`);
}
await sql.end();
const logged = postgres(database.url, { max: 4, onnotice: () => {} }); // new connections: the settings apply

const terminal = async (m: RawMerchant) =>
  (await logged<{ n: number }[]>`select coalesce(sum(delivered + failed), 0)::int as n from messages where organization_id = ${m.organizationId}`)[0].n;

// The raw loop first, without the worker (the raw sends enqueue dispatch_message jobs, which the worker must not
// take: they are deleted before it starts, as the bench does); 3 dispatches of warm-up (plans, caches) on each side.
const offset = () => statSync(LOG).size;
for (let i = 0; i < 3; i++) await rawDispatchSteps(logged, await rawSendOnce(logged, 1000, 900 + i)(rawM));
const o0 = offset();
for (let i = 0; i < K; i++) await rawDispatchSteps(logged, await rawSendOnce(logged, 1000, 100 + i)(rawM));
await new Promise((r) => setTimeout(r, 300));
const o1a = offset();
await logged`delete from graphile_worker._private_jobs`;
const { startWorker } = await import('@/server/jobs/worker');
const worker = await startWorker({ connectionString: database.url, concurrency: 1 });
for (let i = 0; i < 3; i++) await rawSendOnce(logged, 1000, 910 + i)(svcM);
while ((await terminal(svcM)) < 3000) await new Promise((r) => setTimeout(r, 100));
await new Promise((r) => setTimeout(r, 300));
const o1 = offset();
for (let i = 0; i < K; i++) {
  await rawSendOnce(logged, 1000, 200 + i)(svcM);
  while ((await terminal(svcM)) < 3000 + (i + 1) * 1000) await new Promise((r) => setTimeout(r, 20));
}
await new Promise((r) => setTimeout(r, 300));
const o2 = offset();
await worker.stop();
await logged.end();
if (!process.env.BENCH_KEEP_DB) await database.drop();
else log(`kept ${database.url}`);

function read(from: number, to: number): string {
  const fd = openSync(LOG, 'r');
  const buf = Buffer.alloc(to - from);
  readSync(fd, buf, 0, buf.length, from);
  closeSync(fd);
  return buf.toString('utf8');
}

/** ms per dispatch by statement (the first 90 characters of its text, whitespace folded), parse+bind+execute. */
function tally(text: string): Map<string, { ms: number; n: number }> {
  const out = new Map<string, { ms: number; n: number }>();
  const entries = text.split(/\n(?=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+ UTC \[)/);
  for (const e of entries) {
    const m = /LOG:\s+duration: ([\d.]+) ms\s+(?:(parse|bind|execute) [^:]*|statement): ([\s\S]*)/.exec(e);
    if (!m) continue;
    const body = m[3].split(/\n\S.*?(?:DETAIL|CONTEXT):/)[0].replace(/\s+/g, ' ').trim();
    // noise of the polls that are not per dispatch
    if (/from messages where organization_id = \$1$|sum\(delivered \+ failed\)/.test(body)) continue;
    const key = `${(m[2] ?? 'simple').padEnd(7)} ${body.slice(0, 90)}`;
    const t = out.get(key) ?? { ms: 0, n: 0 };
    t.ms += Number(m[1]);
    t.n += 1;
    out.set(key, t);
  }
  return out;
}

function print(title: string, t: Map<string, { ms: number; n: number }>) {
  const rows = [...t].sort((a, b) => b[1].ms - a[1].ms);
  const total = rows.reduce((s, [, v]) => s + v.ms, 0);
  log(`${title}: ${(total / K).toFixed(1)} ms per dispatch (server time, sends included), ${rows.reduce((s, [, v]) => s + v.n, 0) / K} messages per dispatch`);
  for (const [k, v] of rows) if (v.ms / K >= 0.05) console.log(`${(v.ms / K).toFixed(2).padStart(8)} ms ${(v.n / K).toFixed(1).padStart(5)}x  ${k}`);
}
print('raw loop', tally(read(o0, o1a)));
print('service', tally(read(o1, o2)));
if (process.env.PG_EXPLAIN) log(`plans: bytes ${o0}-${o1a} (raw) and ${o1}-${o2} (service) of ${LOG}`);
process.exit(0);
