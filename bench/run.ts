/**
 * `npm run bench`: the service's figures against baselines measured in the
 * same run, on this machine (see docs/performance.md). Not a test: it prints a
 * table and writes bench/results.json.
 *
 *   npm run bench                         everything (about 8 minutes)
 *   npm run bench -- --only send,status    some phases (http = send,big,status; opt-outs; reconcile; pipeline; smpp; smpp-server; webhooks; mo; e2e)
 *   npm run bench -- --only mo --mo-n 20000   MO from one SMPP connector to stored, then sms.received delivered
 *   npm run bench -- --only e2e --n 2000   one message end to end beside Kannel, 2,000 single sends a side (--flat: also 10 x n;
 *                                          --smsc-nodelay: the test SMSC without Nagle's algorithm)
 *   npm run bench -- --only growth --rows 1000000 --sustain 2   the service beside a year of history (1M recipients,
 *                                          filled with SQL) against an empty database, then 2 minutes of mixed load on it
 *                                          and what autovacuum made of it (defaults: --rows 10000000 --sustain 10; runs alone)
 *   npm run bench -- --duration 5 --keys 4 shorter load runs, send load spread over 4 keys
 *   npm run bench -- --profile             web and worker write .cpuprofile files to bench/profiles/
 *   SMPP_DEBUG=/tmp/x.json npm run bench -- --only smpp   also writes when each outbox row and submit_sm happened
 *
 * The service runs from the production build as an operator runs it: `npm start`
 * (web, WORKER=off while the HTTP figures are taken) and `npm run worker`, on a
 * fresh database of the local Postgres (DATABASE_URL's server if set), with
 * merchants and raised per-app rate limits provisioned through `npm run admin`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { DEFAULT_LIMITS as WEBHOOK_LIMITS } from '@/server/domain/webhooks/deliver-due';
import { load, loop } from './lib/load';
import { noopJobsPerSecond, rawPipeline, rawSendWrites, rawStatusReads, type RawMerchant } from './lib/raw-db';
import { digestApiKey } from '@/server/lib/crypto';
import { startMinimalSendServer } from './lib/minimal-send';
import { startMinimalStatusServer } from './lib/minimal-status';
import { cpuSeconds, postgresCpuSeconds, processCpuSeconds, processCpuSplit, processOfRole, processSyscalls, sampleRss, serviceCpuSeconds, webProcess } from './lib/rss';
import { admin, benchEnv, benchMerchant, ensureBuild, freePort, freshDatabase, migrate, startNpm, startProfiled, waitFor, type Proc } from './lib/service';
import { bareWebhookLoop, rawWebhookLoop, startReceiverChild } from './lib/webhooks';
import { printTable, type Row } from './lib/report';
import { rawSubmitChild, rawSubmitInProcess } from './lib/raw-smpp';
import { latencyRun, requestRun, throughputRun, timeoutFor, type Gateway, type ThroughputResult } from './lib/e2e';
import { KANNEL_INSTALL_HINT, kannelInstalled, startKannel } from './lib/kannel';
import { moPhase } from './lib/mo';
import { optOutsRows } from './lib/opt-outs';
import { growthPhase } from './lib/growth';

const ALL_PHASES = 'http,opt-outs,reconcile,pipeline,smpp,smpp-server,webhooks,mo,e2e';
const { values: opts } = parseArgs({
  options: {
    only: { type: 'string', default: ALL_PHASES },
    duration: { type: 'string', default: '8' },
    keys: { type: 'string', default: '10' },
    profile: { type: 'boolean', default: false },
    // e2e: single sends per run, and the flat-cost row (a run of 10 x n more; long)
    n: { type: 'string', default: '2000' },
    flat: { type: 'boolean', default: false },
    // e2e: the test SMSC writes without Nagle's algorithm (tests/carrier/smsc.ts noDelay)
    'smsc-nodelay': { type: 'boolean', default: false },
    // mo: MO deliver_sm the test SMSC sends
    'mo-n': { type: 'string', default: '20000' },
    // growth: recipients the filled database holds, minutes of sustained load after the rows (0: none)
    rows: { type: 'string', default: '10000000' },
    sustain: { type: 'string', default: '10' },
  },
});
const phases = new Set(opts.only!.split(',').flatMap((p) => (p === 'http' ? ['send', 'big', 'status'] : [p])));
const seconds = Number(opts.duration);
const keyCount = Number(opts.keys);
const CONNECTIONS = 32;
const log = (m: string) => console.log(`[bench] ${m}`);

const otherLoad = await machineBusy(2000);
log(`before start, this machine's CPUs were ${otherLoad.toFixed(0)}% busy with other work (figures are noisier above ~10%)`);
await ensureBuild(log);
if (phases.has('growth')) {
  if (phases.size > 1) throw new Error('--only growth runs alone: it builds two databases of its own and takes the machine for a long time');
  const growthRows = await growthPhase({ rows: Number(opts.rows), n: Number(opts.n), sustainMinutes: Number(opts.sustain), moN: 2000, log });
  printTable(growthRows);
  writeResults(growthRows);
  process.exit(0);
}
const database = await freshDatabase();
// ports the kernel says are free (a fixed range can hold another server's, e.g. MariaDB's 3306)
const port = await freePort();
const smppPort = await freePort();
const origin = `http://127.0.0.1:${port}`;
const api = `${origin}/api/v1/svc/sms-api`;
const profileDir = path.resolve('bench/profiles');
if (opts.profile) mkdirSync(profileDir, { recursive: true });
const env = benchEnv(database.url, {
  PORT: String(port),
  SMPP_PORT: String(smppPort),
  // the fairness row holds the receivers' answers while its 10 sends go through the pipeline (a few seconds), the mo
  // phase while 20,000 MO are stored (10-20 s here): held requests must not time out meanwhile
  WEBHOOK_TIMEOUT_MS: '60000',
});
const adminEnv = env;
const sql = postgres(database.url, { max: 10, onnotice: () => {} });
const receiver = await startReceiverChild();
let web: Proc | undefined;
let worker: Proc | undefined;
const rss = sampleRss(() => ({ web: web?.child.pid, worker: worker?.child.pid }));
const rows: Row[] = [];

const merchant = (name: string, extra: string[] = []) => benchMerchant(adminEnv, sql, name, extra);

const sendBody = (to: string[]) => JSON.stringify({ to, message: 'Your code is 123456', sender_id: 'ACME' });
/** n distinct Vodacom numbers of block `block`; the last four digits stay in 5000-5999, away from the sandbox's magic 1111/2222/3333. */
const numbers = (n: number, block = 0) =>
  Array.from({ length: n }, (_, i) => `+24382${String(block + Math.floor(i / 1000)).padStart(3, '0')}${5000 + (i % 1000)}`);
async function send(key: string, to: string[]) {
  const res = await fetch(`${api}/send`, { method: 'POST', headers: { 'app-key': key, 'content-type': 'application/json' }, body: sendBody(to) });
  if (res.status !== 201) throw new Error(`send answered ${res.status}: ${await res.text()}`);
  return (await res.json()).data.message_id as string;
}

/**
 * The service: `npm start` (one process tree: the launcher, the web process
 * and, with the worker, the worker process it supervises). With --profile, the same
 * programs without npm and tsx in front, so that each writes a CPU profile.
 */
async function startService(withWorker: boolean) {
  if (opts.profile) {
    web = startProfiled('web', env, profileDir);
    if (withWorker) worker = startProfiled('worker', env, profileDir);
  } else {
    web = startNpm(['start'], { ...env, WORKER: withWorker ? 'on' : 'off' });
  }
  await waitFor(async () => (await fetch(`${api}/health`)).status === 200, 90_000, 300, 'the web process').catch((e) => {
    throw new Error(`${e.message}\n${web!.output()}`);
  });
  if (withWorker) await waitFor(async () => (await sql`select 1 from worker_heartbeats`).length > 0, 60_000, 200, 'the worker');
}

async function stopService() {
  await worker?.stop();
  await web?.stop();
  worker = undefined;
  web = undefined;
}

try {
  if (opts.profile) await migrate(env);
  // HTTP figures: the web process alone (WORKER=off, as with separate worker processes).
  await startService(false);
  log(`web up on ${origin}; provisioning merchants with npm run admin ...`);
  const sendMerchants = await Promise.all(Array.from({ length: keyCount }, (_, i) => merchant(`Bench send ${i}`)));
  const [big, pipe, hooks] = await Promise.all([
    merchant('Bench 1000'),
    merchant('Bench pipeline'),
    merchant('Bench webhooks', ['--webhook-url', `${receiver.url}/hook`, '--webhook-username', 'bench', '--webhook-password', 'bench-hook-password']),
  ]);
  const keys = sendMerchants.map((m) => m.api_key);
  const raw = (ms: typeof sendMerchants): RawMerchant[] => ms.map((m) => ({ appId: m.app_id, organizationId: m.organization_id, walletId: m.walletId, digest: digestApiKey(env.APP_SECRET!, m.api_key), sendLimit: 1_000_000 }));
  const rawPool = postgres(database.url, { max: 10, onnotice: () => {} }); // DB_POOL_MAX of one web process

  const one = sendBody(['+243812345678']);
  // `pid`: the process serving the load, whose CPU is the "web" figure (the web process unless given).
  const run = async (what: string, o: Parameters<typeof load>[0], pid?: number) => {
    rss.phase(what);
    await load({ ...o, duration: 2 }); // warm-up: JIT, pools, lazily compiled routes
    const cpu = () => {
      const c = cpuSeconds(pid ? [] : [web!.child.pid!]);
      return pid ? { ...c, web: processCpuSeconds(pid) } : c;
    };
    const serving = pid ?? webProcess(web!.child.pid!);
    const c0 = cpu();
    const s0 = processSyscalls(serving);
    const u0 = processCpuSplit(serving);
    const r = await load({ ...o, duration: seconds });
    const c1 = cpu();
    const s1 = processSyscalls(serving);
    const u1 = processCpuSplit(serving);
    const per = (k: 'web' | 'postgres' | 'self') => (((c1[k] - c0[k]) * 1000) / r.requests).toFixed(2);
    log(`${what}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, statuses ${JSON.stringify(r.statuses)}, errors ${r.errors}`);
    log(`  CPU ms per request: web ${per('web')}, postgres ${per('postgres')}, load generator ${per('self')}`);
    log(`  the serving process's CPU ms per request in user / system mode: ${(((u1.user - u0.user) * 1000) / r.requests).toFixed(2)} / ${(((u1.system - u0.system) * 1000) / r.requests).toFixed(2)}`);
    log(`  system calls per request of the serving process: reads ${((s1.reads - s0.reads) / r.requests).toFixed(2)}, writes ${((s1.writes - s0.writes) / r.requests).toFixed(2)}`);
    return r;
  };
  if (phases.has('send')) {
    // Warm-up, as each HTTP row has: the raw pool's backends otherwise plan graphile-worker's add_job on an empty
    // jobs table and keep that plan while the phase grows it by thousands of rows, which would handicap the
    // baseline. Fresh statistics for the service's rows too. The whole database is analysed:
    // graphile-worker's tables are private (its public API is functions and the jobs view, which cannot be analysed).
    await loop(CONNECTIONS, 2, rawSendWrites(rawPool, raw(sendMerchants), 1));
    await sql`analyze`;
    const rc0 = cpuSeconds([]);
    const rawOne = await loop(CONNECTIONS, seconds, rawSendWrites(rawPool, raw(sendMerchants), 1));
    const rc1 = cpuSeconds([]);
    log(`  raw loop CPU ms per tx: postgres ${(((rc1.postgres - rc0.postgres) * 1000) / rawOne.ops).toFixed(2)}, loop ${(((rc1.self - rc0.self) * 1000) / rawOne.ops).toFixed(2)}`);
    log(`raw DB send writes (1 recipient): ${rawOne.rps.toFixed(0)} tx/s, p50 ${rawOne.p50.toFixed(1)} ms, p99 ${rawOne.p99.toFixed(1)} ms`);
    const send1 = await run('POST /send 1 recipient', { url: `${api}/send`, method: 'POST', body: one, connections: CONNECTIONS, keys });
    rows.push(
      { figure: 'POST /send 1 rcpt, 32 conns', unit: 'req/s', value: send1.rps, baseline: 'raw postgres.js tx loop, same writes', baselineValue: rawOne.rps, target: '>= 0.85 x', ok: send1.rps >= 0.85 * rawOne.rps },
      { figure: 'POST /send 1 rcpt, 32 conns: p99', unit: 'ms', value: send1.p99, baseline: 'raw postgres.js tx loop p99', baselineValue: rawOne.p99, target: '<= 1.3 x', ok: send1.p99 <= 1.3 * rawOne.p99 },
    );
    // The raw loop's writes behind a bare node:http server, loaded the same way: what HTTP and autocannon cost here.
    const minimalSend = await startMinimalSendServer(env, raw(sendMerchants));
    try {
      const bare = await run('POST /send 1 recipient, bare node:http server', { url: `${minimalSend.origin}/send`, method: 'POST', body: one, connections: CONNECTIONS, keys }, minimalSend.pid);
      rows.push({ figure: '(info) bare node:http + the same writes', unit: 'req/s', value: bare.rps, baseline: 'raw postgres.js tx loop, same writes', baselineValue: rawOne.rps, target: '(info)', ok: null });
    } finally {
      minimalSend.stop();
    }
    // One merchant: its sends serialize on its wallet row lock (held from the charge to the commit, WAL flush
    // included), so this is the rate one merchant can reach, against the raw loop of the same writes for it.
    const solo = [sendMerchants[0]];
    const rawSolo = await loop(CONNECTIONS, seconds, rawSendWrites(rawPool, raw(solo), 1));
    log(`raw DB send writes (1 recipient, one merchant): ${rawSolo.rps.toFixed(0)} tx/s, p50 ${rawSolo.p50.toFixed(1)} ms, p99 ${rawSolo.p99.toFixed(1)} ms`);
    const sendSolo = await run('POST /send 1 recipient, one merchant', { url: `${api}/send`, method: 'POST', body: one, connections: CONNECTIONS, keys: [solo[0].api_key] });
    rows.push({
      figure: 'POST /send 1 rcpt, one merchant, 32 conns',
      unit: 'req/s',
      value: sendSolo.rps,
      baseline: 'raw postgres.js tx loop, same writes, one merchant',
      baselineValue: rawSolo.rps,
      target: '>= 0.85 x',
      ok: sendSolo.rps >= 0.85 * rawSolo.rps,
    });
  }
  if (phases.has('big')) {
    rss.phase('POST /send 1000 recipients');
    const rawBig = await loop(1, Math.min(seconds, 5), rawSendWrites(rawPool, raw([big]), 1000));
    log(`raw DB send writes (1000 recipients): p50 ${rawBig.p50.toFixed(1)} ms (${rawBig.ops} tx)`);
    const bigBody = sendBody(numbers(1000));
    await load({ url: `${api}/send`, method: 'POST', body: bigBody, connections: 1, amount: 5, keys: [big.api_key] });
    const send1000 = await load({ url: `${api}/send`, method: 'POST', body: bigBody, connections: 1, amount: 40, keys: [big.api_key] });
    log(`POST /send 1000 recipients: p50 ${send1000.p50} ms, p99 ${send1000.p99} ms, statuses ${JSON.stringify(send1000.statuses)}`);
    rows.push({ figure: 'POST /send 1000 rcpts: p50', unit: 'ms', value: send1000.p50, baseline: 'raw tx inserting 1000 rows p50', baselineValue: rawBig.p50, target: '<= 150 ms', ok: send1000.p50 <= 150 });
  }
  if (phases.has('status')) {
    // One message per key: another merchant's id answers 404.
    const paths = await Promise.all(keys.map(async (k) => `/api/v1/svc/sms-api/status/${await send(k, ['+243812345678'])}`));
    const reads = sendMerchants.map((m, i) => ({ digest: digestApiKey(env.APP_SECRET!, m.api_key), organizationId: m.organization_id, messageId: paths[i].split('/').pop()! }));
    const rawStatus = await loop(CONNECTIONS, seconds, rawStatusReads(rawPool, reads));
    log(`raw DB status reads (key + slot + message, one statement): ${rawStatus.rps.toFixed(0)} ops/s, p99 ${rawStatus.p99.toFixed(1)} ms`);
    const status = await run('GET /status', { url: `${origin}${paths[0]}`, connections: CONNECTIONS, keys, paths });
    rows.push({ figure: 'GET /status/{id}, 32 conns', unit: 'req/s', value: status.rps, baseline: 'raw postgres.js loop: api_key_take + message row in one statement', baselineValue: rawStatus.rps, target: '>= 0.85 x', ok: status.rps >= 0.85 * rawStatus.rps });
    // The same statement behind a bare node:http server, loaded the same way: what HTTP and autocannon cost here.
    const minimal = await startMinimalStatusServer(env);
    try {
      const bare = await run('GET /status, bare node:http server', { url: `${minimal.origin}${paths[0]}`, connections: CONNECTIONS, keys, paths }, minimal.pid);
      rows.push({ figure: '  bare node:http + the same statement', unit: 'req/s', value: bare.rps, baseline: 'raw postgres.js loop: api_key_take + message row in one statement', baselineValue: rawStatus.rps, target: '(info)', ok: null });
    } finally {
      minimal.stop();
    }
  }
  if (phases.has('opt-outs')) {
    // D19: a 100,000-phone import, and a 1000-recipient send with that list against the same send with none
    rss.phase('opt-outs');
    const [empty, listed] = await Promise.all([merchant('Bench opt-outs none'), merchant('Bench opt-outs 100k')]);
    const recipients = numbers(1000, 300);
    rows.push(...(await optOutsRows({ api, databaseUrl: database.url, sql, empty, listed, body: sendBody(recipients), recipients, log })));
  }
  if (phases.has('reconcile')) {
    // D17 at a merchant's scale: 1000 sends x 1000 recipients (1M recipient rows) through POST /send, then
    // pages of GET /messages and GET /messages/{id}/recipients against the same SELECT run raw.
    rss.phase('reconciliation');
    const rec = await merchant('Bench reconcile');
    const started = performance.now();
    const ids: string[] = [];
    let queued = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (queued < 1000) {
          queued++;
          ids.push(await send(rec.api_key, numbers(1000, 100)));
        }
      }),
    );
    log(`reconciliation data: ${ids.length} sends x 1000 recipients in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    await sql`analyze messages`;
    await sql`analyze message_recipients`;
    const headers = { 'app-key': rec.api_key };
    const timed = async (n: number, f: () => Promise<unknown>) => {
      const ms: number[] = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        await f();
        ms.push(performance.now() - t0);
      }
      return ms.sort((a, b) => a - b)[Math.floor(n / 2)];
    };
    const get = async (path: string) => {
      const res = await fetch(`${api}${path}`, { headers });
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      return (await res.json()).data as { next_cursor: string | null };
    };
    const second = (await get('/messages?limit=50')).next_cursor!;
    const listP50 = await timed(200, () => get(`/messages?limit=50&cursor=${second}`));
    const middle = ids[500];
    const recipientsP50 = await timed(200, () => get(`/messages/${middle}/recipients?limit=100`));
    const rawList = await timed(200, () => rawPool`select * from messages where organization_id = ${rec.organization_id}
      order by created_at desc, id desc limit 51`);
    const rawRecipients = await timed(200, () => rawPool`select r.*, d.dispatch_at from message_recipients r join message_dispatches d on d.id = r.dispatch_id
      where r.message_id = ${middle} order by r.id limit 101`);
    log(`GET /messages page p50 ${listP50.toFixed(1)} ms (raw ${rawList.toFixed(1)}), recipients page p50 ${recipientsP50.toFixed(1)} ms (raw ${rawRecipients.toFixed(1)})`);
    rows.push(
      { figure: 'GET /messages page of 50, 1M rcpt rows: p50', unit: 'ms', value: listP50, baseline: 'the same SELECT, raw postgres.js', baselineValue: rawList, target: '<= 20 ms', ok: listP50 <= 20 },
      { figure: 'GET /messages/{id}/recipients page of 100: p50', unit: 'ms', value: recipientsP50, baseline: 'the same SELECT, raw postgres.js', baselineValue: rawRecipients, target: '<= 20 ms', ok: recipientsP50 <= 20 },
    );
  }
  await rawPool.end();

  const workerPhases = ['pipeline', 'smpp', 'smpp-server', 'webhooks', 'mo'].some((p) => phases.has(p));
  if (workerPhases || phases.has('e2e')) {
    // Web + worker in one `npm start`, as a single instance runs. What the HTTP
    // phase queued is not part of the pipeline figure; the no-op baseline runs
    // while the service is down.
    await web?.stop();
    web = undefined;
    // The pipeline's floor, while the service is down: the same sends and row transitions, raw (bench/lib/raw-db.ts).
    let rawPipe = 0;
    if (phases.has('pipeline')) {
      const rawMerchant = await merchant('Bench raw pipeline');
      const rawSql = postgres(database.url, { max: 10, onnotice: () => {} });
      const o = { sends: 20, recipients: 1000, sendLanes: 4, stepLanes: 4 };
      await rawPipeline(rawSql, raw([rawMerchant])[0], { ...o, block: 500 }); // warm-up: plans, caches
      const rc0 = cpuSeconds([]);
      rawPipe = await rawPipeline(rawSql, raw([rawMerchant])[0], { ...o, block: 600 });
      const rc1 = cpuSeconds([]);
      await rawSql.end();
      log(`raw pipeline (same sends + row transitions in sets, 4 send lanes, 4 step lanes): ${rawPipe.toFixed(0)} rcpt/s`);
      log(`  CPU ms per 1,000 recipients: postgres ${(((rc1.postgres - rc0.postgres) * 1000) / 20).toFixed(0)}, loop ${(((rc1.self - rc0.self) * 1000) / 20).toFixed(0)}`);
    }
    // Every job the phases before left, through graphile-worker's public functions: locks given back first
    // (complete_jobs leaves a locked job alone), then every job completed (deleted).
    await sql`select graphile_worker.force_unlock_workers(array(select distinct locked_by from graphile_worker.jobs where locked_by is not null))`;
    await sql`select count(*) from graphile_worker.complete_jobs(array(select id from graphile_worker.jobs))`;
    await sql`delete from worker_heartbeats`;
    const noop = await noopJobsPerSecond(database.url, 5000, 4);
    log(`graphile-worker no-op jobs (info): ${noop.toFixed(0)} jobs/s`);
    // (e2e starts the service itself, after its Kannel runs)
    if (workerPhases) await startService(true);

    if (phases.has('pipeline')) {
      rss.phase('pipeline');
      const roots = () => [web?.child.pid, worker?.child.pid].filter((p): p is number => !!p);
      const c0 = cpuSeconds(roots());
      const t0 = performance.now();
      for (let i = 0; i < 20; i += 4) await Promise.all([0, 1, 2, 3].map((j) => send(pipe.api_key, numbers(1000, 100 + i + j))));
      const accepted = performance.now() - t0;
      await waitFor(async () => {
        const [r] = await sql<{ n: number }[]>`select coalesce(sum(delivered + failed), 0)::int as n from messages where organization_id = ${pipe.organization_id}`;
        return r.n >= 20_000;
      }, 90_000, 20, '20,000 terminal recipients');
      const secs = (performance.now() - t0) / 1000;
      const c1 = cpuSeconds(roots());
      log(`pipeline: 20 x 1000 accepted in ${(accepted / 1000).toFixed(2)} s, all terminal in ${secs.toFixed(2)} s`);
      // the sends included (POST /send of 1,000 numbers: web), as the raw loop's figure includes its sends
      const per = (k: 'web' | 'worker' | 'postgres') => (((c1[k] - c0[k]) * 1000) / 20).toFixed(0);
      log(`  CPU ms per 1,000 recipients: web ${per('web')}, worker ${per('worker')}, postgres ${per('postgres')}`);
      const rate = 20_000 / secs;
      rows.push({ figure: 'pipeline, 20 sends x 1000, no webhooks', unit: 'rcpt/s', value: rate, baseline: 'raw postgres.js loop, same sends + transitions in sets', baselineValue: rawPipe, target: '>= 10000 or >= 0.85 x', ok: rate >= 10_000 || rate >= 0.85 * rawPipe });
    }

    if (phases.has('smpp')) await smppPhase();
    if (phases.has('smpp-server')) await smppServerPhase();
    if (phases.has('webhooks')) {
      rss.phase('webhooks');
      await receiver.reset();
      // As the raw loop below finds them: every event of the 4 sends exists before the first answer (the receiver
      // holds its answers until all 4,000 recipients are terminal), so the figure is delivery, not the pipeline.
      const sends = 4;
      const expected = sends * (1 + 3 * 1000);
      await receiver.hold();
      for (let i = 0; i < sends; i++) await send(hooks.api_key, numbers(1000, 200 + i));
      await waitFor(async () => {
        const [r] = await sql<{ n: number }[]>`select coalesce(sum(delivered + failed), 0)::int as n from messages where organization_id = ${hooks.organization_id}`;
        return r.n >= sends * 1000;
      }, 60_000, 20, '4,000 terminal recipients');
      const hookCpu = () => ({ ...cpuSeconds([web?.child.pid, worker?.child.pid].filter((p): p is number => !!p)), receiver: processCpuSeconds(receiver.pid) });
      const cpuPer = (a: ReturnType<typeof hookCpu>, b: ReturnType<typeof hookCpu>, n: number, keys: Array<keyof ReturnType<typeof hookCpu>>) =>
        keys.map((k) => `${k} ${(((b[k] - a[k]) * 1e6) / n).toFixed(0)}`).join(', ');
      const hc0 = hookCpu();
      const t0 = Date.now();
      await receiver.release();
      const stats = await waitFor(async () => {
        const s = await receiver.stats();
        return s.count >= expected ? s : null;
      }, 90_000, 50, `${expected} webhook events`);
      const hc1 = hookCpu();
      const rate = stats.count / ((stats.lastAt - t0) / 1000);
      log(`webhooks: ${stats.count} events (${stats.distinct} distinct) in ${((stats.lastAt - t0) / 1000).toFixed(2)} s after the release; ${rate.toFixed(0)} events/s`);
      log(`  CPU us per event: ${cpuPer(hc0, hc1, stats.count, ['worker', 'postgres', 'receiver', 'web', 'self'])}; span ${(stats.lastAt - t0)} ms`);
      if (stats.distinct !== expected) throw new Error(`webhooks: ${stats.distinct} distinct events, expected ${expected}`);

      // 10 merchants, each with its own receiver, 1 send x 500 each. The receivers (again) hold their answers until every
      // message is terminal (all 10 x 1501 events exist, the scheduler's caps full of unanswered requests), then
      // answer everything at once: each merchant's share of what was delivered from then until the first merchant
      // had all its events (a fair scheduler gives each the same), min/max.
      const per = 1 + 3 * 500;
      const fairMerchants = await Promise.all(receiver.urls.map((u, i) => merchant(`Bench fair ${i}`, ['--webhook-url', `${u}/hook`])));
      await receiver.hold();
      await Promise.all(fairMerchants.map((fm, i) => send(fm.api_key, numbers(500, 300 + i))));
      const fairOrgs = fairMerchants.map((fm) => fm.organization_id);
      await waitFor(async () => {
        const [r] = await sql<{ n: number }[]>`select coalesce(sum(delivered + failed), 0)::int as n from messages where organization_id in ${sql(fairOrgs)}`;
        return r.n >= 10 * 500;
      }, 60_000, 20, '5,000 terminal recipients of the 10 merchants');
      const f0 = Date.now();
      await receiver.release();
      const arrivals = await waitFor(async () => {
        const a = await receiver.arrivals();
        return a.every((t) => t.length >= per) ? a : null;
      }, 90_000, 50, `${10 * per} webhook events to 10 receivers`);
      // A held request that timed out would be retried on D10's schedule, not in this window: the shares would then
      // measure the hold, not the scheduler.
      const [{ failed }] = await sql<{ failed: number }[]>`select count(*)::int as failed from webhook_attempts a
        join webhook_deliveries d on d.id = a.delivery_id where d.organization_id in ${sql(fairOrgs)} and a.status_code is distinct from 204`;
      if (failed > 0) throw new Error(`webhooks fairness: ${failed} attempts were not answered 204 (held past WEBHOOK_TIMEOUT_MS?)`);
      const from = f0;
      const to = Math.min(...arrivals.map((t) => t[per - 1]));
      const shares = arrivals.map((t) => t.filter((x) => x >= from && x <= to).length);
      const fairness = Math.min(...shares) / Math.max(...shares);
      const all = arrivals.flat();
      const fairRate = all.length / ((Math.max(...all) - f0) / 1000);
      log(`webhooks, 10 merchants x ${per} events, 10 receivers: ${fairRate.toFixed(0)} events/s overall after the release; ` +
        `until the first merchant had all its events (${to - from} ms) each got ${shares.join(', ')} (min/max ${fairness.toFixed(2)})`);

      // The floor: the same deliveries again (made pending anew, the service stopped), leased, signed, POSTed and
      // recorded by a raw loop, the scheduler's per-organization cap in flight.
      await stopService();
      await receiver.reset();
      await sql`update webhook_deliveries set state = 'pending', attempts = 0, next_attempt_at = now(), locked_until = null
                 where organization_id = ${hooks.organization_id}`;
      const rc0 = hookCpu();
      const rawHooks = await rawWebhookLoop(sql, {
        organizationId: hooks.organization_id,
        appSecret: env.APP_SECRET!,
        authorization: `Basic ${Buffer.from('bench:bench-hook-password').toString('base64')}`,
        concurrency: WEBHOOK_LIMITS.perOrgCap,
        batch: WEBHOOK_LIMITS.perOrgBatch,
      });
      log(`raw webhook loop (lease, sign, POST ${WEBHOOK_LIMITS.perOrgCap} in flight, record): ${rawHooks.delivered} events, ${rawHooks.rate.toFixed(0)} events/s; ` +
        `waiting on the lease ${rawHooks.ms.lease.toFixed(0)} ms, posting ${rawHooks.ms.post.toFixed(0)} ms, recording ${rawHooks.ms.record.toFixed(0)} ms`);
      const rc1 = hookCpu();
      log(`  CPU us per event: ${cpuPer(rc0, rc1, rawHooks.delivered, ['self', 'postgres', 'receiver'])} (self: the loop)`);
      const bc0 = hookCpu();
      const bareHooks = await bareWebhookLoop(`${receiver.url}/hook`, {
        authorization: `Basic ${Buffer.from('bench:bench-hook-password').toString('base64')}`,
        concurrency: WEBHOOK_LIMITS.perOrgCap,
        n: expected,
      });
      log(`bare HTTP loop (the same signed POSTs, ${WEBHOOK_LIMITS.perOrgCap} in flight, no database): ${bareHooks.toFixed(0)} events/s`);
      const bc1 = hookCpu();
      log(`  CPU us per event: ${cpuPer(bc0, bc1, expected, ['self', 'receiver'])} (self: the loop)`);
      rows.push(
        { figure: 'webhook events delivered (1 merchant)', unit: 'events/s', value: rate, baseline: `raw loop: same DB work + signed POSTs, ${WEBHOOK_LIMITS.perOrgCap} in flight`, baselineValue: rawHooks.rate, target: '>= 5000 and >= 0.6 x', ok: rate >= 5000 && rate >= 0.6 * rawHooks.rate },
        { figure: '(info) bare HTTP loop: same signed POSTs, no DB', unit: 'events/s', value: bareHooks, baseline: 'the raw loop above', baselineValue: rawHooks.rate, target: '(info)', ok: null },
        { figure: 'webhooks, 10 merchants x 10 receivers: min/max share', unit: 'ratio', value: fairness, baseline: '-', baselineValue: null, target: '>= 0.8', ok: fairness >= 0.8 },
        { figure: 'webhooks, 10 merchants x 10 receivers: overall', unit: 'events/s', value: fairRate, baseline: '-', baselineValue: null, target: '(info)', ok: null },
      );
    }
    if (phases.has('mo')) {
      rss.phase('mo');
      const moN = Number(opts['mo-n']);
      if (!Number.isInteger(moN) || moN < 1) throw new Error(`--mo-n ${opts['mo-n']}: expected a whole number of MO`);
      if (!web) await startService(true); // (the webhooks phase ends with the service stopped, for its raw loop)
      const roots = () => [web?.child.pid, worker?.child.pid].filter((p): p is number => !!p);
      rows.push(...(await moPhase({ sql, adminEnv, merchant, receiver, send, numbers, roots, log }, moN)));
    }
    if (phases.has('e2e')) await e2ePhase();
  }
  rss.stop();
  const by = rss.peakByGroup();
  log(`peak RSS of the service's process tree(s): ${Object.entries(by).map(([k, v]) => `${k} ${v.toFixed(0)} MB`).join(', ')}`);
  log(`  peak by phase: ${Object.entries(rss.peakByPhase()).map(([k, v]) => `${k} ${v.toFixed(0)} MB`).join(', ')}`);
  const roles = rss.atPeak();
  log(`  at the peak: ${Object.entries(roles).map(([k, v]) => `${k} ${v.toFixed(0)} MB`).join(', ')}`);
  rows.push(
    { figure: 'peak RSS, web + worker processes', unit: 'MB', value: rss.peakWebWorkerMb(), baseline: '-', baselineValue: null, target: '<= 250 MB', ok: rss.peakWebWorkerMb() <= 250 },
    { figure: '  with the launcher and SMPP listener', unit: 'MB', value: rss.peakServiceMb(), baseline: '-', baselineValue: null, target: '(info)', ok: null },
    { figure: '  the whole npm start tree (npm, sh too)', unit: 'MB', value: rss.peakMb(), baseline: '-', baselineValue: null, target: '(info)', ok: null },
  );
} finally {
  rss.stop();
  await worker?.stop();
  await web?.stop();
  receiver.stop();
  await sql.end({ timeout: 2 });
  if (process.env.BENCH_KEEP_DB) log(`kept the database: ${database.url}`);
  else await database.drop();
}

printTable(rows);

/** Share of all CPUs not idle over `ms`, from /proc/stat. */
/**
 * Issue 11: submit_sm throughput of an SMPP connector (window 50) to a local test SMSC that answers at once
 * (tests/carrier/smsc.ts, the same library). Baseline: a raw loop of the same library sending the same number of
 * submit_sm with the same window to the same SMSC, from a ready list.
 * - The figure: the connector draining a ready backlog, as the raw loop does. The SMSC holds its sessions (reads
 *   nothing, answers nothing; they stay bound, so nothing fails over) while 10 sends x 1000 are routed and their
 *   10,000 outbox rows queued; timed from its release to the 10,000th submit_sm.
 * - (info) from the sends: 10 sends x 1000 with the SMSC answering, timed from the first submit_sm to the last, while
 *   the worker still routes and queues the later sends beside the submits.
 * Then a DELIVRD receipt for each submit_sm of the info run.
 */
async function smppPhase(): Promise<void> {
  rss.phase('smpp');
  const { startSmsc } = await import('../tests/carrier/smsc');
  const smsc = await startSmsc({ systemId: 'bench', password: 'benchpw1' });
  try {
    const m = await merchant('Bench smpp');
    await admin(adminEnv, 'add-connector', '--name', 'bench-smsc', '--kind', 'smpp', '--host', '127.0.0.1', '--port', String(smsc.port),
      '--system-id', 'bench', '--password', 'benchpw1', '--window', '50', '--tps', '100000');
    await admin(adminEnv, 'set-route', '--prefix', '2438299', '--connectors', 'bench-smsc');
    await admin(adminEnv, 'set-route', '--prefix', '2438298', '--connectors', 'bench-smsc');
    await waitFor(async () => (await sql`select 1 from connector_leases l join connectors c on c.id = l.connector_id
       where c.name = 'bench-smsc' and l.bound_sessions > 0 and l.expires_at > now()`).length > 0, 30_000, 100, 'the connector bound');
    const N = 10_000;
    const cpuRoots = () => [web?.child.pid, worker?.child.pid].filter((p): p is number => !!p);
    const perSubmit = (a: ReturnType<typeof cpuSeconds>, b: ReturnType<typeof cpuSeconds>, n: number) =>
      (['worker', 'postgres', 'self'] as const).map((k) => `${k === 'self' ? 'this process (the SMSC)' : k} ${(((b[k] - a[k]) * 1000) / n).toFixed(3)} ms`).join(', ');

    // (info) from the sends: the first submit_sm leaves while the later sends are still routed and queued.
    const x0 = await dbTransactions();
    const sends0 = Date.now();
    for (let k = 0; k < 10; k += 2) await Promise.all([0, 1].map((j) => send(m.api_key, numbers(1000, 990 + k + j))));
    const sendsDone = Date.now();
    let cpu0: ReturnType<typeof cpuSeconds> | null = null;
    await waitFor(async () => {
      // CPU from the first submit_sm on (the sends before it are the send path's figure, not this one)
      if (!cpu0 && smsc.submits.length) cpu0 = cpuSeconds(cpuRoots());
      return smsc.submits.length >= N;
    }, 120_000, 20, `${N} submit_sm at the SMSC`);
    const cpu1 = cpuSeconds(cpuRoots());
    const sendsSecs = (smsc.submits[N - 1].at - smsc.submits[0].at) / 1000;
    const sendsRate = N / Math.max(sendsSecs, 0.001);
    const x1 = await dbTransactions();
    if (process.env.SMPP_DEBUG) {
      const outbox = await sql`select extract(epoch from assigned_at) * 1000 as at from carrier_outbox`;
      writeFileSync(process.env.SMPP_DEBUG, JSON.stringify({ sends0, sendsDone, submits: smsc.submits.map((x) => x.at), outbox: outbox.map((r) => Number(r.at)) }));
    }
    log(`smpp (from the sends): CPU per submit_sm from the first on: ${perSubmit(cpu0!, cpu1, smsc.submits.length)}`);
    log(`smpp (from the sends): sends accepted in ${((sendsDone - sends0) / 1000).toFixed(2)} s; first submit_sm ${smsc.submits[0].at - sends0} ms after the first send; ${((x1 - x0) / N).toFixed(2)} DB transactions per submit_sm (the whole database)`);

    // The drain: 10,000 rows queued for the bound connector before the SMSC reads its first submit_sm.
    await waitFor(async () => (await sql<{ n: number }[]>`select count(*)::int as n from carrier_outbox where state = 'queued'`)[0].n === 0, 30_000, 50, 'the info run settled');
    smsc.hold();
    const held0 = Date.now();
    for (let k = 0; k < 10; k += 2) await Promise.all([0, 1].map((j) => send(m.api_key, numbers(1000, 980 + k + j))));
    await waitFor(async () => {
      const [r] = await sql<{ queued: number; waiting: number }[]>`
        select (select count(*)::int from carrier_outbox where state = 'queued') as queued,
               (select count(*)::int from message_recipients r join messages m on m.id = r.message_id
                 where m.organization_id = ${m.organization_id} and r.state = 'pending') as waiting`;
      return r.queued >= N && r.waiting === 0;
    }, 60_000, 20, `${N} outbox rows queued`);
    const [{ first }] = await sql<{ first: number }[]>`select (extract(epoch from min(assigned_at)) * 1000)::float8 as first from carrier_outbox where state = 'queued'`;
    await new Promise((r) => setTimeout(r, 300)); // the dispatch jobs' last commits and the claims settle
    const heldMs = Math.round(Date.now() - Number(first));
    // The connector's first window has waited unanswered since about the first outbox row: past its response
    // timeout (10 s) it would count as timed out and be sent again, and this figure would not be a drain.
    if (heldMs > 9000) log(`smpp (drain): WARNING the SMSC held the first window ${heldMs} ms (response timeout 10 s)`);
    const d0 = smsc.submits.length;
    const xd0 = await dbTransactions();
    const cpuD0 = cpuSeconds(cpuRoots());
    // (system calls: each loopback write costs ~20-25 us of CPU here; the SMSC's include this process's polls of the database)
    const workerPid = processOfRole((worker ?? web)!.child.pid!, 'worker');
    const sysW0 = processSyscalls(workerPid);
    const sysS0 = processSyscalls(process.pid);
    const release = Date.now();
    smsc.release();
    await waitFor(async () => smsc.submits.length >= d0 + N, 120_000, 5, `${N} submit_sm of the drain`);
    const cpuD1 = cpuSeconds(cpuRoots());
    const sysW1 = processSyscalls(workerPid);
    const sysS1 = processSyscalls(process.pid);
    log(`smpp (drain): read/write system calls per submit_sm: worker reads ${((sysW1.reads - sysW0.reads) / N).toFixed(2)} writes ${((sysW1.writes - sysW0.writes) / N).toFixed(2)}; SMSC reads ${((sysS1.reads - sysS0.reads) / N).toFixed(2)} writes ${((sysS1.writes - sysS0.writes) / N).toFixed(2)}`);
    const drainSecs = (smsc.submits[d0 + N - 1].at - release) / 1000;
    const drainRate = N / Math.max(drainSecs, 0.001);
    const xd1 = await dbTransactions();
    log(`smpp (drain): ${N} outbox rows queued ${((release - held0) / 1000).toFixed(2)} s after the hold (first window held ${heldMs} ms); CPU per submit_sm from the release on: ${perSubmit(cpuD0, cpuD1, N)}; ${((xd1 - xd0) / N).toFixed(2)} DB transactions per submit_sm`);
    if (smsc.submits.length !== d0 + N) log(`smpp (drain): WARNING ${smsc.submits.length - d0 - N} submit_sm more than rows (resubmits)`);

    // Receipts: 50 deliver_sm in flight, each answered only once stored (D14); then every recipient terminal.
    const ids = smsc.submits.slice(0, N).map((x) => x.messageId!);
    const r0 = performance.now();
    let next = 0;
    await Promise.all(Array.from({ length: 50 }, async () => {
      while (next < ids.length) await smsc.receipt(ids[next++], 'DELIVRD');
    }));
    await waitFor(async () => {
      const [r] = await sql<{ n: number }[]>`select coalesce(sum(delivered), 0)::int as n from messages where organization_id = ${m.organization_id}`;
      return r.n >= N;
    }, 120_000, 20, `${N} delivered`);
    const receiptRate = N / ((performance.now() - r0) / 1000);
    log(`smpp: ${((await dbTransactions()) - xd1) / N} DB transactions per receipt (the whole database)`);
    const rawCpu0 = process.cpuUsage();
    const inProc = (await rawSubmitInProcess(smsc.port, N, 50)).rate;
    const rawCpu = process.cpuUsage(rawCpu0);
    log(`smpp: raw loop in this process (client and SMSC on one thread): ${inProc.toFixed(0)}/s, CPU per submit_sm ${((rawCpu.user + rawCpu.system) / 1000 / N).toFixed(3)} ms`);
    // The baseline: the same raw loop with its client in a child process, beside the SMSC, as the connector is in the
    // worker (on one thread with the SMSC, the loop above is bound by that thread: about 2/3 of this rate here).
    const childCpu0 = process.cpuUsage();
    const child = await rawSubmitChild(smsc.port, N, 50);
    const childSmsc = process.cpuUsage(childCpu0);
    const raw = child.rate;
    log(`smpp: raw loop, client in a child process: ${raw.toFixed(0)}/s, CPU per submit_sm: client ${(child.clientCpuMs! / N).toFixed(3)} ms, SMSC ${((childSmsc.user + childSmsc.system) / 1000 / (2 * N)).toFixed(3)} ms (over its warm-up and measured runs)`);
    // (info, log only) the same loop sending the connector's fields (sender, TON/NPI, validity period): the test
    // SMSC's library decodes more per submit_sm then (the validity period becomes a Date), as it does for the service
    const rawFull = (await rawSubmitChild(smsc.port, N, 50, {
      source_addr_ton: 5, source_addr_npi: 0, source_addr: 'ACME', dest_addr_ton: 1, dest_addr_npi: 1, validity_period: '000002000000000R',
    })).rate;
    log(`smpp: (info) raw loop (child) with the connector's submit_sm fields: ${rawFull.toFixed(0)}/s`);
    log(`smpp: ${N} submit_sm drained in ${drainSecs.toFixed(2)} s (${drainRate.toFixed(0)}/s, ${(drainRate / raw).toFixed(2)} of raw), from the sends in ${sendsSecs.toFixed(2)} s (${sendsRate.toFixed(0)}/s, ${(sendsRate / raw).toFixed(2)}); raw library loop ${raw.toFixed(0)}/s (own process; ${(drainRate / inProc).toFixed(2)} of the loop on the SMSC thread); receipts to delivered ${receiptRate.toFixed(0)}/s`);
    rows.push(
      { figure: 'SMPP submit_sm to a local SMSC, window 50 (10,000 queued)', unit: 'submit/s', value: drainRate, baseline: 'raw smpp library loop, window 50, own process', baselineValue: raw, target: '>= 2000 and >= 0.8 x', ok: drainRate >= 2000 && drainRate >= 0.8 * raw },
      { figure: '(info) the same, against the raw loop on the SMSC\'s thread', unit: 'submit/s', value: drainRate, baseline: 'raw smpp library loop, window 50, in the SMSC process', baselineValue: inProc, target: '(info)', ok: null },
      { figure: '(info) the same from the sends (routing beside)', unit: 'submit/s', value: sendsRate, baseline: 'raw smpp library loop, window 50, own process', baselineValue: raw, target: '(info)', ok: null },
      { figure: 'SMPP receipts to delivered', unit: 'receipts/s', value: receiptRate, baseline: '-', baselineValue: null, target: '>= 2000', ok: receiptRate >= 2000 },
    );
  } finally {
    await smsc.close();
  }
}

/**
 * Issue 12 (D15): submit_sm accepted per second from one ESME session with 50 in flight, each billed and queued,
 * against POST /send with 1 recipient from 50 concurrent requests in the same run (the worker busy with both);
 * then receipts pushed back as deliver_sm once every message is terminal (a receiver binds after the fact).
 */
async function smppServerPhase(): Promise<void> {
  rss.phase('smpp-server');
  const smpp = (await import('smpp')).default;
  const m = await merchant('Bench smpp-server');
  await admin(adminEnv, 'set-rate-limits', '--app-id', m.app_id, '--smpp-tps', '1000000');
  const creds = (await admin(adminEnv, 'enable-smpp', '--app-id', m.app_id)) as { system_id: string; password: string };
  const N = 3000;
  const WINDOW = 50;
  const bind = async (mode: 'bind_transmitter' | 'bind_receiver') => {
    const s = smpp.connect({ url: `smpp://127.0.0.1:${smppPort}` });
    await new Promise<void>((resolve, reject) =>
      s[mode]({ system_id: creds.system_id, password: creds.password }, (pdu) => (pdu.command_status === 0 ? resolve() : reject(new Error(`bind ${pdu.command_status}`)))),
    );
    return s;
  };
  // POST /send, 1 recipient, 50 concurrent: the same work per message over HTTP
  let next = 0;
  const h0 = performance.now();
  await Promise.all(Array.from({ length: WINDOW }, async () => {
    while (next < N) {
      const i = next++;
      await send(m.api_key, [`+24382${String(300 + Math.floor(i / 1000)).padStart(3, '0')}${5000 + (i % 1000)}`]);
    }
  }));
  const httpRate = N / ((performance.now() - h0) / 1000);
  const tx = await bind('bind_transmitter');
  let sent = 0;
  let refused = 0;
  const s0 = performance.now();
  await Promise.all(Array.from({ length: WINDOW }, async () => {
    while (sent < N) {
      const i = sent++;
      await new Promise<void>((resolve) =>
        tx.submit_sm({ destination_addr: `+2438231${String(10000 + (i % 10000)).slice(1)}5`, short_message: 'Your code is 123456', registered_delivery: 1 }, (pdu) => {
          if (pdu.command_status !== 0) refused++;
          resolve();
        }),
      );
    }
  }));
  const smppRate = N / ((performance.now() - s0) / 1000);
  tx.close();
  log(`smpp-server: ${N} submit_sm in ${((performance.now() - s0) / 1000).toFixed(2)} s = ${smppRate.toFixed(0)}/s (${refused} refused); POST /send 50 concurrent ${httpRate.toFixed(0)}/s`);
  await waitFor(async () => (await sql<{ n: number }[]>`select count(*)::int as n from smpp_receipts where app_id = ${m.app_id}`)[0].n >= N, 120_000, 100, `${N} owed receipts`);
  const rx = await bind('bind_receiver');
  let got = 0;
  const r0 = performance.now();
  await new Promise<void>((resolve) =>
    rx.on('deliver_sm', (pdu: { response: () => unknown }) => {
      rx.send(pdu.response() as never);
      if (++got === N) resolve();
    }),
  );
  const receiptRate = N / ((performance.now() - r0) / 1000);
  rx.close();
  log(`smpp-server: ${N} receipts pushed as deliver_sm in ${((performance.now() - r0) / 1000).toFixed(2)} s = ${receiptRate.toFixed(0)}/s`);
  rows.push(
    { figure: 'SMPP server: submit_sm accepted, 1 session, window 50', unit: 'submit/s', value: smppRate, baseline: 'POST /send 1 rcpt, 50 concurrent', baselineValue: httpRate, target: '>= 0.8 x', ok: smppRate >= 0.8 * httpRate },
    { figure: 'SMPP server: receipts pushed as deliver_sm', unit: 'receipts/s', value: receiptRate, baseline: '-', baselineValue: null, target: '>= 2000', ok: receiptRate >= 2000 },
  );
}

/**
 * Issue "Performance, end to end": one message from the request to the delivered receipt, beside Kannel (Debian's
 * `kannel`, bearerbox + smsbox with a file store) as the peer, both against the same test SMSC (tests/carrier/smsc.ts
 * in this process: each submit_sm answered at once with the next decimal message id, a DELIVRD deliver_sm right
 * after) with an SMPP window of 50 (Kannel's max-pending-submits, our connector's --window). Kannel runs while our
 * service is down, then ours with Kannel gone. Each side, after a warm-up of 200 single sends:
 * - n single-recipient requests, 32 in flight (sendsms; POST /send): first request to the n-th submit_sm, then to
 *   the last receipt processed (a dlr-url callback to the receiver child for Kannel, which asks for reports with
 *   dlr-mask 1; a `delivered` message_recipients row for ours), with the gateway's CPU over that span;
 * - 10 requests of 1,000 recipients, 4 in flight (sendsms with 1,000 receivers in `to`; POST /send of 1,000);
 * - 200 single requests at 20/s, each timed from being sent to its submit_sm;
 * - with --flat, 10 x n single sends more: the flat-cost row compares that rate with the n run's.
 */
async function e2ePhase(): Promise<void> {
  rss.phase('e2e');
  const n = Number(opts.n);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--n ${opts.n}: expected a whole number of single sends`);
  const single = { perRequest: 1, inFlight: CONNECTIONS };
  const big = { sends: 10, perRequest: 1000, inFlight: 4 };
  const light = { perSecond: 20, seconds: 10 };
  const { startSmsc } = await import('../tests/carrier/smsc');
  const smsc = await startSmsc({ systemId: 'bench', password: 'benchpw1', messageIds: (i) => String(i), autoReceipt: { id: (id) => id }, noDelay: opts['smsc-nodelay'] });
  if (opts['smsc-nodelay']) log('e2e: the test SMSC writes without Nagle\'s algorithm, one write per read (--smsc-nodelay)');
  let seq = 0;
  /**
   * Numbers no other run of the phase sent to (+243819 and six digits; 243819 is routed to this phase's connector),
   * none ending in the sandbox's magic 1111/2222/3333 (those go to the simulator whatever the route).
   */
  const fresh = (count: number) => {
    const out: string[] = [];
    while (out.length < count) {
      const phone = `+243819${String(seq++).padStart(6, '0')}`;
      if (!/(1111|2222|3333)$/.test(phone)) out.push(phone);
    }
    return out;
  };
  const cpuMs = (r: Pick<ThroughputResult, 'cpuMsPerRecipient' | 'cpuMsByPart'>) => `${r.cpuMsPerRecipient.toFixed(2)} ms (${Object.entries(r.cpuMsByPart).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')})`;
  type Side = { single: ThroughputResult; big: ThroughputResult; latency: { p50: number; p99: number }; flat: ThroughputResult | null };
  const measure = async (who: string, gateway: () => Promise<Gateway>, afterSingle?: (n: number) => Promise<void>, afterBig?: (recipients: number) => Promise<void>, afterWarm?: () => Promise<void>): Promise<Side> => {
    // The warm-up is the first work of a fresh database (no statistics yet, nothing analysed): its CPU is logged
    // apart, since a new deployment runs like this until autovacuum first analyses the tables.
    const warm = await throughputRun(await gateway(), smsc, { numbers: fresh(200), ...single });
    log(`e2e ${who}: warm-up, 200 single sends: ${warm.rate.toFixed(0)} msg/s; CPU per message ${cpuMs(warm)}`);
    await afterWarm?.();
    const one = await throughputRun(await gateway(), smsc, { numbers: fresh(n), ...single });
    log(`e2e ${who}: ${n} single sends, ${single.inFlight} in flight: ${one.rate.toFixed(0)} msg/s (${one.secs.toFixed(2)} s to the last submit_sm); ` +
      `the last submit_sm ${one.submitLagSecs.toFixed(2)} s after the last answer; receipts all processed ${one.receiptSecs.toFixed(2)} s after it; CPU per message ${cpuMs(one)}; ${one.extraSubmits} extra submit_sm` +
      (one.perRecipient ? `; per message ${Object.entries(one.perRecipient).map(([k, v]) => `${v.toFixed(1)} ${k}`).join(', ')}` : ''));
    await afterSingle?.(n);
    const many = await throughputRun(await gateway(), smsc, { numbers: fresh(big.sends * big.perRequest), perRequest: big.perRequest, inFlight: big.inFlight });
    log(`e2e ${who}: ${big.sends} sends x ${big.perRequest}, ${big.inFlight} in flight: ${many.rate.toFixed(0)} rcpt/s (${many.secs.toFixed(2)} s to the last submit_sm); ` +
      `receipts all processed ${many.receiptSecs.toFixed(2)} s after it; CPU per recipient ${cpuMs(many)}; ${many.extraSubmits} extra submit_sm` +
      (many.perRecipient ? `; per recipient ${Object.entries(many.perRecipient).map(([k, v]) => `${v.toFixed(2)} ${k}`).join(', ')}` : ''));
    await afterBig?.(many.recipients);
    const latency = await latencyRun(await gateway(), smsc, { numbers: fresh(light.perSecond * light.seconds), perSecond: light.perSecond });
    log(`e2e ${who}: ${latency.count} single sends at ${light.perSecond}/s: request sent -> submit_sm p50 ${latency.p50} ms, p99 ${latency.p99} ms`);
    let flat: ThroughputResult | null = null;
    if (opts.flat) {
      flat = await throughputRun(await gateway(), smsc, { numbers: fresh(10 * n), ...single });
      log(`e2e ${who}: ${10 * n} single sends: ${flat.rate.toFixed(0)} msg/s (${(flat.rate / one.rate).toFixed(2)} of the ${n} run); ` +
        `the last submit_sm ${flat.submitLagSecs.toFixed(2)} s after the last answer; receipts all processed ${flat.receiptSecs.toFixed(2)} s after the last submit_sm; CPU per message ${cpuMs(flat)}` +
        (flat.perRecipient ? `; per message ${Object.entries(flat.perRecipient).map(([k, v]) => `${v.toFixed(1)} ${k}`).join(', ')}` : ''));
    }
    return { single: one, big: many, latency, flat };
  };
  let peer: Side | null = null;
  let ours: Side;
  let hooked: ThroughputResult;
  let ceiling: Awaited<ReturnType<typeof requestRun>>;
  try {
    await stopService();
    if (!kannelInstalled()) log(`e2e: ${KANNEL_INSTALL_HINT}; the Kannel peer rows are skipped`);
    else {
      rss.phase('e2e kannel');
      await receiver.reset();
      const kannel = await startKannel({ smscHost: '127.0.0.1', smscPort: smsc.port, systemId: 'bench', password: 'benchpw1', window: 50 });
      try {
        const gw: Gateway = {
          send: (to) => kannel.sendsms(to, `${receiver.url}/dlr?type=%d`),
          processed: async () => {
            const s = await receiver.stats();
            return { count: s.count, at: s.lastAt };
          },
          pollMs: 20,
          cpuSeconds: () => kannel.cpuSeconds(),
        };
        peer = await measure('Kannel', async () => gw);
      } catch (e) {
        log(`e2e: Kannel's logs:\n${kannel.logs()}`);
        throw e;
      } finally {
        await kannel.stop();
      }
    }

    // The ceiling of a design that commits each send durably before answering it: a bare node:http server running
    // the send's writes alone (rawSendOnce: the key's slot, the prices, the message, dispatch, recipient, job, charge
    // and event, the merchant's concurrent sends committed together as ours are; no validation, no carrier, no
    // receipt) for one merchant, as our single-send runs are. What it reaches bounds from above what any gateway
    // doing our durable work per send can reach here.
    rss.phase('e2e ceiling');
    const cm = await merchant('Bench e2e ceiling');
    const bare = await startMinimalSendServer(env, [{ appId: cm.app_id, organizationId: cm.organization_id, walletId: cm.walletId, digest: digestApiKey(env.APP_SECRET!, cm.api_key), sendLimit: 1_000_000 }]);
    try {
      const bareSend = async (to: string[]) => {
        const res = await fetch(`${bare.origin}/send`, { method: 'POST', headers: { 'app-key': cm.api_key, 'content-type': 'application/json' }, body: sendBody(to) });
        if (res.status !== 201) throw new Error(`the bare send server answered ${res.status}`);
        await res.arrayBuffer();
      };
      const bareCpu = () => ({ server: processCpuSeconds(bare.pid), postgres: postgresCpuSeconds() });
      await requestRun(bareSend, bareCpu, { numbers: fresh(200), inFlight: single.inFlight });
      ceiling = await requestRun(bareSend, bareCpu, { numbers: fresh(n), inFlight: single.inFlight });
      log(`e2e ceiling: ${n} single sends to a bare node:http server doing the send's writes only: ${ceiling.rate.toFixed(0)} msg/s` +
        (peer ? ` (${(ceiling.rate / peer.single.rate).toFixed(2)} of Kannel)` : '') + `; CPU per send ${cpuMs(ceiling)}`);
    } finally {
      bare.stop();
    }

    // Ours: an SMPP connector to the same SMSC (provisioned while the service is down), a merchant of its own per run.
    rss.phase('e2e');
    if (phases.has('smpp')) await admin(adminEnv, 'update-connector', '--name', 'bench-smsc', '--enabled', 'off'); // its SMSC is gone
    await admin(adminEnv, 'add-connector', '--name', 'bench-e2e', '--kind', 'smpp', '--host', '127.0.0.1', '--port', String(smsc.port),
      '--system-id', 'bench', '--password', 'benchpw1', '--window', '50', '--tps', '100000');
    await admin(adminEnv, 'set-route', '--prefix', '243819', '--connectors', 'bench-e2e');
    await startService(true);
    await waitFor(async () => (await sql`select 1 from connector_leases l join connectors c on c.id = l.connector_id
       where c.name = 'bench-e2e' and l.bound_sessions > 0 and l.expires_at > now()`).length > 0, 30_000, 100, 'the e2e connector bound');
    // The bench's own polling connection: its backend's CPU is not the service's.
    const poll = postgres(database.url, { max: 1, onnotice: () => {} });
    const [{ pid: pollPid }] = await poll<{ pid: number }[]>`select pg_backend_pid() as pid`;
    let polls = 0;
    const statements = await statementCounter();
    const roots = () => [web?.child.pid, worker?.child.pid].filter((p): p is number => !!p);
    let runs = 0;
    /** Ours as a gateway, a merchant of its own per run (`extra`: more create-merchant flags, e.g. a webhook). */
    const oursGateway = async (extra: string[] = []): Promise<Gateway> => {
        const m = await merchant(`Bench e2e ${++runs}`, extra);
        return {
          send: async (to) => {
            await send(m.api_key, to);
          },
          processed: async () => {
            const at = Date.now(); // the count's snapshot is taken when the statement starts
            polls++;
            const [r] = await poll<{ n: number }[]>`select count(*)::int as n from message_recipients r join messages m on m.id = r.message_id
              where m.organization_id = ${m.organization_id} and r.state = 'delivered'`;
            return { count: r.n, at };
          },
          pollMs: 50,
          cpuSeconds: () => {
            const c = cpuSeconds(roots());
            return { web: c.web, worker: c.worker, 'launcher+listener': serviceCpuSeconds(roots()) - c.web - c.worker, postgres: postgresCpuSeconds([pollPid]) };
          },
          // the bench's own polls are autocommit transactions of this database: left out
          counters: async () => ({ transactions: (await dbTransactions()) - polls, ...(statements ? { statements: await statements.count() } : {}) }),
        };
    };
    try {
      ours = await measure('ours', () => oursGateway(), async (n) => {
        if (!statements) return;
        log(`e2e ours: the single sends' most frequent statements:\n  ${statements.top(15, n).join('\n  ')}`);
        log(`e2e ours: the single sends' longest-running statements (lock waits included):\n  ${statements.top(5, n, 'time').join('\n  ')}`);
      }, async (recipients) => {
        if (!statements) return;
        log(`e2e ours: the 1000-recipient sends' most frequent statements (per recipient):\n  ${statements.top(20, recipients).join('\n  ')}`);
        log(`e2e ours: the 1000-recipient sends' longest-running statements:\n  ${statements.top(10, recipients, 'time').join('\n  ')}`);
      }, async () => {
        if (!statements) return;
        log(`e2e ours: the warm-up's longest-running statements (a fresh database):\n  ${statements.top(8, 200, 'time').join('\n  ')}`);
      });
      // The same single sends by a merchant whose webhook (the receiver child, answering at once) gets every event.
      await receiver.reset();
      hooked = await throughputRun(await oursGateway(['--webhook-url', `${receiver.url}/hook`]), smsc, { numbers: fresh(n), ...single });
      const events = 4 * n; // sms.queued, sms.processing, sms.sent, sms.delivered
      if (statements) {
        log(`e2e ours, webhooks on: the most frequent statements:\n  ${statements.top(15, n).join('\n  ')}`);
        log(`e2e ours, webhooks on: the longest-running statements (lock waits included):\n  ${statements.top(8, n, 'time').join('\n  ')}`);
      }
      const t = Date.now();
      await waitFor(async () => (await receiver.stats()).count >= events, timeoutFor(n), 100, `${events} webhook events`);
      log(`e2e ours, webhooks on: ${n} single sends: ${hooked.rate.toFixed(0)} msg/s (${(hooked.rate / ours.single.rate).toFixed(2)} of the run without); ` +
        `CPU per message ${cpuMs(hooked)}; all ${events} events delivered ${((Date.now() - t) / 1000).toFixed(2)} s after the last receipt was processed`);
    } catch (e) {
      const states = await sql`select r.state, count(*)::int as n from message_recipients r join messages m on m.id = r.message_id
        where m.organization_id in (select id from organizations where name like 'Bench e2e%') group by 1`.catch(() => []);
      const outbox = await sql`select state, count(*)::int as n from carrier_outbox group by 1`.catch(() => []);
      log(`e2e ours failed; recipients by state ${JSON.stringify(states)}, outbox ${JSON.stringify(outbox)}, SMSC submits ${smsc.submits.length}`);
      throw e;
    } finally {
      await poll.end({ timeout: 2 });
    }
  } finally {
    await smsc.close();
  }

  const kannelBase = 'Kannel 1.4.5 sendsms, same SMSC, window 50';
  const vs = (value: number | null | undefined) => (peer ? value! : null);
  if (peer) {
    rows.push(
      { figure: `e2e: single-recipient sends, ${single.inFlight} in flight (n = ${n})`, unit: 'msg/s', value: ours.single.rate, baseline: kannelBase, baselineValue: peer.single.rate, target: '>= 0.2 x', ok: ours.single.rate >= 0.2 * peer.single.rate },
      // issue 40: at least 1.0 x Kannel against an SMSC that writes without Nagle's algorithm, 0.6 x against one with it
      { figure: `e2e: ${big.sends} sends x ${big.perRequest} rcpts, ${big.inFlight} in flight${opts['smsc-nodelay'] ? ' (SMSC without Nagle)' : ''}`, unit: 'rcpt/s', value: ours.big.rate, baseline: `${kannelBase}, ${big.perRequest} receivers a request`, baselineValue: peer.big.rate, target: opts['smsc-nodelay'] ? '>= 1.0 x' : '>= 0.6 x', ok: ours.big.rate >= (opts['smsc-nodelay'] ? 1 : 0.6) * peer.big.rate },
    );
  }
  const kannelOr = (what: string) => (peer ? `Kannel: ${what}` : 'Kannel not installed');
  rows.push(
    // in ms: the table prints one decimal below 100, and these are tenths of a second or less
    { figure: `e2e: ${big.sends} x ${big.perRequest}: receipts all processed after the last submit_sm`, unit: 'ms', value: ours.big.receiptSecs * 1000, baseline: kannelOr('last dlr-url callback after the last submit_sm'), baselineValue: vs(peer && peer.big.receiptSecs * 1000), target: '<= 2 s', ok: ours.big.receiptSecs <= 2 },
    { figure: '(info) e2e: single sends: receipts all processed after the last submit_sm', unit: 'ms', value: ours.single.receiptSecs * 1000, baseline: kannelOr('last dlr-url callback after the last submit_sm'), baselineValue: vs(peer && peer.single.receiptSecs * 1000), target: '(info)', ok: null },
    { figure: `e2e: ${light.perSecond} single sends/s, request sent -> submit_sm: p50`, unit: 'ms', value: ours.latency.p50, baseline: kannelOr('the same, p50'), baselineValue: vs(peer?.latency.p50), target: '<= 25 ms', ok: ours.latency.p50 <= 25 },
    { figure: `e2e: ${light.perSecond} single sends/s, request sent -> submit_sm: p99`, unit: 'ms', value: ours.latency.p99, baseline: kannelOr('the same, p99'), baselineValue: vs(peer?.latency.p99), target: '<= 100 ms', ok: ours.latency.p99 <= 100 },
    { figure: `e2e: single sends: the last submit_sm after the last 201`, unit: 'ms', value: ours.single.submitLagSecs * 1000, baseline: kannelOr('the same'), baselineValue: vs(peer && peer.single.submitLagSecs * 1000), target: '<= 1 s', ok: ours.single.submitLagSecs <= 1 },
    { figure: 'e2e: CPU per single message to delivered (service + its Postgres backends)', unit: 'ms', value: ours.single.cpuMsPerRecipient, baseline: kannelOr('bearerbox + smsbox CPU per message to its report'), baselineValue: vs(peer?.single.cpuMsPerRecipient), target: '<= 6 x', ok: peer ? ours.single.cpuMsPerRecipient <= 6 * peer.single.cpuMsPerRecipient : null },
  );
  // issue 40's targets against the ceiling row, which runs beside us in the same run
  rows.push(
    { figure: "(info) e2e ceiling: bare node:http, the send's writes only, one merchant", unit: 'msg/s', value: ceiling.rate, baseline: peer ? kannelBase : 'Kannel not installed', baselineValue: vs(peer?.single.rate), target: '(info)', ok: null },
    { figure: 'e2e: single-recipient sends against the ceiling row', unit: 'msg/s', value: ours.single.rate, baseline: 'the ceiling row', baselineValue: ceiling.rate, target: '>= 0.6 x', ok: ours.single.rate >= 0.6 * ceiling.rate },
    { figure: 'e2e: CPU per single message to delivered against the ceiling row\'s per send', unit: 'ms', value: ours.single.cpuMsPerRecipient, baseline: 'the ceiling row (bare server + its Postgres backends)', baselineValue: ceiling.cpuMsPerRecipient, target: '<= 2 x', ok: ours.single.cpuMsPerRecipient <= 2 * ceiling.cpuMsPerRecipient },
  );
  const per = ours.single.perRecipient;
  if (per && per.statements !== undefined) {
    rows.push(
      { figure: 'e2e: statements per single message, POST /send to delivered (pg_stat_statements)', unit: 'count', value: per.statements, baseline: '-', baselineValue: null, target: '<= 12', ok: per.statements <= 12 },
      { figure: 'e2e: transactions per single message, POST /send to delivered', unit: 'count', value: per.transactions, baseline: '-', baselineValue: null, target: '<= 3', ok: per.transactions <= 3 },
    );
  }
  rows.push({ figure: `e2e: single sends with a webhook receiving every event (n = ${n})`, unit: 'msg/s', value: hooked.rate, baseline: 'the same without webhooks', baselineValue: ours.single.rate, target: '>= 0.8 x', ok: hooked.rate >= 0.8 * ours.single.rate });
  if (ours.flat) {
    const ratio = ours.flat.rate / ours.single.rate;
    rows.push({ figure: `e2e flat cost: single sends at n = ${10 * n}`, unit: 'msg/s', value: ours.flat.rate, baseline: `the same at n = ${n}`, baselineValue: ours.single.rate, target: 'within 10%', ok: ratio >= 0.9 && ratio <= 1.1 });
    rows.push({ figure: `e2e flat cost: receipts all processed after the last submit_sm (n = ${10 * n})`, unit: 'ms', value: ours.flat.receiptSecs * 1000, baseline: kannelOr('last dlr-url callback after the last submit_sm'), baselineValue: vs(peer?.flat && peer.flat.receiptSecs * 1000), target: '<= 1 s', ok: ours.flat.receiptSecs <= 1 });
    if (peer?.flat) rows.push({ figure: `(info) Kannel: single sends at n = ${10 * n}`, unit: 'msg/s', value: peer.flat.rate, baseline: `the same at n = ${n}`, baselineValue: peer.single.rate, target: '(info)', ok: null });
  }
}

/**
 * Statements the service ran on the bench database, from pg_stat_statements when the server loads it
 * (`shared_preload_libraries = 'pg_stat_statements'`; else null: the rows then show transactions only). `count()`
 * answers the calls so far and keeps a snapshot; `top()` lists the statements of the span between the last two.
 * The bench's own queries (its polls, these counters) are left out.
 */
async function statementCounter() {
  try {
    await sql`create extension if not exists pg_stat_statements`;
    await sql`select 1 from pg_stat_statements limit 1`;
  } catch {
    log('e2e: pg_stat_statements is not loaded on this server; per-message statement counts are skipped');
    return null;
  }
  type Snap = Map<string, { q: string; calls: number; ms: number }>;
  const own = /pg_stat_|pg_backend_pid|^select count\(\*\)::int as n from message_recipients r join messages m on m\.id = r\.message_id where m\.organization_id/;
  let prev: Snap = new Map();
  let cur: Snap = new Map();
  return {
    async count(): Promise<number> {
      const rows = await sql<{ id: string; q: string; calls: number; ms: number }[]>`
        select queryid::text as id, regexp_replace(query, '[[:space:]]+', ' ', 'g') as q, calls::float8 as calls, total_exec_time as ms
          from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())`;
      prev = cur;
      cur = new Map(rows.filter((r) => !own.test(r.q)).map((r) => [r.id, { q: r.q, calls: r.calls, ms: r.ms }]));
      return [...cur.values()].reduce((a, r) => a + r.calls, 0);
    },
    /**
     * The `k` statements called most often per message between the last two snapshots (`by: 'time'`: the `k` with the
     * most execution time, lock waits included), with their share of execution time.
     */
    top(k: number, messages: number, by: 'calls' | 'time' = 'calls'): string[] {
      const d = [...cur].map(([id, r]) => ({ q: r.q, calls: r.calls - (prev.get(id)?.calls ?? 0), ms: r.ms - (prev.get(id)?.ms ?? 0) })).filter((r) => r.calls > 0);
      const ms = d.reduce((a, r) => a + r.ms, 0) || 1;
      return d.sort((a, b) => (by === 'calls' ? b.calls - a.calls : b.ms - a.ms)).slice(0, k)
        .map((r) => `${(r.calls / messages).toFixed(2)}/msg ${((100 * r.ms) / ms).toFixed(0).padStart(3)}% of time  ${r.q.slice(0, 150)}`);
    },
  };
}

/** Committed transactions of the bench database so far (statistics are flushed at most once a second: waits 1.1 s first). */
async function dbTransactions(): Promise<number> {
  await new Promise((r) => setTimeout(r, 1100));
  const [r] = await sql<{ n: string }[]>`select xact_commit::text as n from pg_stat_database where datname = current_database()`;
  return Number(r.n);
}

/** Three decimals at most: more would be noise on this machine. */
function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

async function machineBusy(ms: number): Promise<number> {
  const read = () => readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1, 9).map(Number);
  const a = read();
  await new Promise((r) => setTimeout(r, ms));
  const b = read();
  const d = b.map((x, i) => x - a[i]);
  const total = d.reduce((x, y) => x + y, 0);
  return total ? (100 * (total - d[3] - d[4])) / total : 0;
}
/**
 * bench/results.json is committed: the record of the latest full run (docs/performance.md). A run of some phases
 * writes bench/results.partial.json (not committed) so that it never replaces that record by accident.
 */
function writeResults(table: Row[]): void {
  const out = path.resolve(opts.only === ALL_PHASES ? 'bench/results.json' : 'bench/results.partial.json');
  const machine = { cpus: cpus().length, node: process.version, busy_before_start_pct: Math.round(otherLoad) };
  // One object per row, in the shape issue 16 names: {figure, value, unit, baseline, baseline_value, ratio, target, met}.
  const results = table.map((r) => ({
    figure: r.figure.trim(),
    value: round(r.value),
    unit: r.unit,
    baseline: r.baseline,
    baseline_value: r.baselineValue === null ? null : round(r.baselineValue),
    ratio: r.ratio === null || r.ratio === undefined ? null : Math.round(r.ratio * 100) / 100,
    target: r.target,
    met: r.ok,
  }));
  writeFileSync(out, JSON.stringify({ at: new Date().toISOString(), machine, options: opts, rows: results }, null, 2) + '\n');
  log(`wrote ${path.relative(process.cwd(), out)}`);
}
writeResults(rows);
process.exit(0);
