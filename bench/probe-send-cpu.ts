/**
 * The CPU one POST /send (1 recipient) costs the web process's JavaScript, measured in ONE process without
 * HTTP, autocannon or Next (issue 16): the service's web handler (createWebHandler -> observeHttp, the REST
 * listener, the REST core, the tRPC procedure, the send) driven with synthetic requests (a Readable body with
 * method/url/headers, a minimal response object) at concurrency 32, against the raw loop's same writes
 * (bench/lib/raw-db.ts, rawSendWrites) at the same concurrency, in alternating bursts, each measured with
 * process.cpuUsage() per send. Both sides run the same postgres.js client code in this process, so the
 * difference is the service's own code (plus the synthetic request/response objects, printed apart as
 * "harness"). Then microbenchmarks of the pieces (us per call, each repeated and interleaved).
 *
 *   flock /tmp/bench.lock npx tsx bench/probe-send-cpu.ts                  10 rounds of 2 s + 2 s, then the pieces
 *   flock /tmp/bench.lock npx tsx bench/probe-send-cpu.ts --rounds 6 --seconds 3 --no-micro
 *   flock /tmp/bench.lock npx tsx bench/probe-send-cpu.ts --micro-only      the pieces only (still needs the database)
 *   flock /tmp/bench.lock npx tsx bench/probe-send-cpu.ts --layer web,core,domain --no-micro
 *     the service entered at several layers, each against raw (web: the web handler; rest: the REST listener;
 *     core: the REST core; domain: key check + submitSend without tRPC/zod): where the cost sits
 *   flock /tmp/bench.lock npx tsx bench/probe-send-cpu.ts --fake-db --layer web,domain --no-micro
 *     every statement's answer recorded from the database once, then replayed from memory: the service's
 *     JavaScript alone (no socket work, no Postgres; one key), the precise figure for an A/B of a code change
 *   flock /tmp/bench.lock npx tsx bench/probe-send-cpu.ts --fake-db --echo --layer web --rounds 6 --no-micro
 *     the replay again, with every statement (and BEGIN, COMMIT) answered after a real round trip to an echo
 *     process, minus those round trips alone ('trips'): what the same JavaScript costs when it runs between socket
 *     reads and writes, as under load; and a fixed piece of JSON work the same way, for scale (session 14: our
 *     ~100-190 us of JS per send became 310-440 us, the JSON work 1.6x)
 *   --io: per send, socket writes and 'data' events with their bytes, and GC count and pause time
 *   --contend: every side again with the raw send loop busy in another process (bench/lib/raw-send-child.ts),
 *     and a fixed piece of JSON work ('ref'): whether other processes' load alone inflates our CPU per send
 *   --echo-only: with --echo, only the service's side with round trips (to profile it with --prof)
 *   --prof DIR: a .cpuprofile of the measured rounds only (node:inspector, 100 us sampling; samples are
 *     wall-clock, so time descheduled on the busy cores lands on whatever ran: compare two profiles per send)
 *   flock /tmp/bench.lock node --import tsx --cpu-prof --cpu-prof-dir=/tmp/prof bench/probe-send-cpu.ts --only service --rounds 4
 *     then `npx tsx bench/profile.ts /tmp/prof/*.cpuprofile --top 40`: the service's sends alone, setup included (--prof has the rounds only)
 *     (--only raw: the raw loop's alone).
 *
 * Needs Postgres (DATABASE_URL's server, else 127.0.0.1:5432) and a build for `npm run admin`/`db:migrate`
 * (faster; the source runs otherwise). The code measured is this checkout's TypeScript run by tsx, not dist/:
 * compare two checkouts by running the probe in each, alternately.
 */
import { fork } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PerformanceObserver } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { EventEmitter } from 'node:events';
import { parseArgs } from 'node:util';
import type { IncomingMessage, ServerResponse } from 'node:http';
import postgres from 'postgres';
import { digestApiKey } from '@/server/lib/crypto';
import { loop, median } from './lib/load';
import { rawSendWrites, type RawMerchant } from './lib/raw-db';
import { benchEnv, benchMerchant, freshDatabase, migrate } from './lib/service';

const { values: opts } = parseArgs({
  options: {
    rounds: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '2' },
    keys: { type: 'string', default: '10' },
    only: { type: 'string' },
    'no-micro': { type: 'boolean', default: false },
    'micro-only': { type: 'boolean', default: false },
    prof: { type: 'string' },
    layer: { type: 'string', default: 'web' },
    'fake-db': { type: 'boolean', default: false },
    io: { type: 'boolean', default: false },
    contend: { type: 'boolean', default: false },
    echo: { type: 'boolean', default: false },
    'echo-only': { type: 'boolean', default: false },
  },
});
const ROUNDS = Number(opts.rounds);
const SECONDS = Number(opts.seconds);
const CONCURRENCY = 32;
const log = (m: string) => console.log(`[probe] ${m}`);
const f1 = (n: number) => n.toFixed(1);

const database = await freshDatabase();
const env = benchEnv(database.url, { LOG_LEVEL: 'warn' });
// The service's modules read their settings from process.env when first used (after this).
Object.assign(process.env, env);
const sql = postgres(database.url, { max: 10, onnotice: () => {} });
try {
  await migrate(env);
  const merchants = await Promise.all(Array.from({ length: Number(opts.keys) }, (_, i) => benchMerchant(env, sql, `Probe send ${i}`)));
  const raws: RawMerchant[] = merchants.map((m) => ({ appId: m.app_id, organizationId: m.organization_id, walletId: m.walletId, digest: digestApiKey(env.APP_SECRET!, m.api_key), sendLimit: 1_000_000 }));
  const keys = merchants.map((m) => m.api_key);

  const { createWebHandler } = await import('@/server/http/web-server');
  const { createRestListener } = await import('@/server/http/rest-listener');
  const { db } = await import('@/db/client');
  const echo = opts.echo ? await startEcho() : null;
  const replay = opts['fake-db'] ? await installReplayPool(database.url, echo?.trip ?? null) : null;
  if (replay) keys.splice(1); // one key: its check's recorded answer is the one replayed
  const { env: serviceEnv } = await import('@/server/env');
  const handler = createWebHandler({
    rest: createRestListener(() => ({ db: db(), env: serviceEnv() }), { dev: false }),
    next: () => {
      throw new Error('probe: not a REST request');
    },
    metrics: () => {},
    trustProxy: false,
    dev: false,
  });

  const body = Buffer.from(JSON.stringify({ to: ['+243812345678'], message: 'Your code is 123456', sender_id: 'ACME' }));
  const PATH = '/api/v1/svc/sms-api/send';
  const socket = { remoteAddress: '127.0.0.1' };
  /** What node:http hands the handler, as far as our code reads it. */
  const request = (key: string): IncomingMessage => {
    const req = new Readable({ read() {} }) as Readable & Record<string, unknown>;
    req.push(body);
    req.push(null);
    req.method = 'POST';
    req.url = PATH;
    req.headers = { host: '127.0.0.1', 'app-key': key, 'content-type': 'application/json', 'content-length': String(body.length) };
    req.rawHeaders = ['Host', '127.0.0.1', 'app-key', key, 'content-type', 'application/json', 'content-length', String(body.length)];
    req.socket = socket;
    req.complete = true;
    return req as unknown as IncomingMessage;
  };
  /** A response that keeps its status and body and emits `finish` when ended. */
  class Res extends EventEmitter {
    statusCode = 200;
    headersSent = false;
    body = '';
    constructor(readonly done: (r: Res) => void) {
      super();
    }
    writeHead(status: number, _headers?: unknown) {
      this.statusCode = status;
      this.headersSent = true;
      return this;
    }
    end(b?: string) {
      this.body = b ?? '';
      this.emit('finish');
      this.emit('close');
      this.done(this);
      return this;
    }
    destroy() {
      this.end();
    }
  }
  let turn = 0;
  // --layer: where the service's side enters (web: the web process's handler; rest: the REST listener, without
  // the metrics and X-Forwarded-For; core: the REST core with a parsed request; domain: the key check and
  // submitSend called directly, without HTTP, tRPC or zod). The differences between layers locate the cost.
  const rest = createRestListener(() => ({ db: db(), env: serviceEnv() }), { dev: false });
  const { createRestCore } = await import('@/server/api/rest/handler');
  const core = createRestCore(() => ({ db: db(), env: serviceEnv() }));
  const { authorizeRequest } = await import('@/server/domain/keys/authenticate');
  const { submitSend } = await import('@/server/domain/messages/submit-send');
  const viaHandler = (h: (req: IncomingMessage, res: ServerResponse) => unknown) => () =>
    new Promise<void>((resolve, reject) => {
      const res = new Res((r) => (r.statusCode === 201 ? resolve() : reject(new Error(`send answered ${r.statusCode}: ${r.body}`))));
      void h(request(keys[turn++ % keys.length]), res as unknown as ServerResponse);
    });
  const layers: Record<string, () => Promise<void>> = {
    web: viaHandler(handler),
    rest: viaHandler(rest),
    core: async () => {
      const key = keys[turn++ % keys.length];
      const out = await core({
        method: 'POST',
        pathname: PATH,
        search: '',
        headers: { get: (n) => (n === 'app-key' ? key : n === 'content-type' ? 'application/json' : n === 'content-length' ? String(body.length) : null) },
        body: async () => body,
      });
      if (out.status !== 201) throw new Error(`send answered ${out.status}: ${out.body}`);
    },
    domain: async () => {
      const key = keys[turn++ % keys.length];
      const now = new Date();
      const e = serviceEnv();
      const { app } = await authorizeRequest(db(), key, { secret: e.APP_SECRET, environment: e.SMS_ENV, now, slot: { bucket: 'send', now: null } });
      await submitSend(db(), app, JSON.parse(body.toString('utf8')), { now, idempotencyKey: null, allowHttpCallbacks: true });
    },
  };
  const chosen = opts.layer!.split(',');
  const serviceSend = layers[chosen[0]];
  if (replay) {
    // Every statement's answer recorded from the real database once, then answered from memory: the
    // service's JavaScript alone, without the driver's socket work, Postgres, or their noise.
    for (const side of chosen) for (let i = 0; i < 20; i++) await layers[side]();
    replay.replaying = true;
    log(`--fake-db: ${replay.recorded()} statements recorded; the service's side now runs without the database (raw: not run)`);
  }
  /** The synthetic objects alone, answered at once: what the harness adds to each service send. */
  const harnessOnly = () =>
    new Promise<void>((resolve) => {
      const req = request(keys[turn++ % keys.length]);
      const res = new Res(() => resolve());
      req.on('data', () => {}).once('end', () => res.writeHead(201).end('{}'));
    });
  const rawPool = postgres(database.url, { max: 10, onnotice: () => {} }); // DB_POOL_MAX of one web process
  const rawSend = rawSendWrites(rawPool, raws, 1);

  const io = opts.io ? countIo() : null;
  /** CPU us per op of `task` at CONCURRENCY for `seconds`. */
  const burst = async (task: () => Promise<void>, seconds: number) => {
    const c0 = process.cpuUsage();
    io?.reset();
    const r = await loop(CONCURRENCY, seconds, task);
    const c = process.cpuUsage(c0);
    return { us: (c.user + c.system) / r.ops, user: c.user / r.ops, rps: r.rps, p99: r.p99, ops: r.ops, io: io?.per(r.ops) };
  };

  if (!opts['micro-only']) {
    log(`warm-up (${SECONDS} s each)`);
    await burst(serviceSend, SECONDS);
    await burst(rawSend, SECONDS);
    await sql`analyze graphile_worker._private_jobs`;
    const base = [...(opts.only === 'raw' ? [] : chosen), ...(opts.only === 'service' || replay ? [] : ['raw']), ...(opts.contend ? ['ref'] : [])];
    // --contend: every side also runs with the raw loop busy in another process ("+bg"), as the web process does
    // under the bench's load; 'ref' is a small fixed piece of JavaScript (JSON round trips), the same work each time.
    const sides = opts.contend ? base.flatMap((x) => [x, `${x}+bg`]) : base;
    // --echo (with --fake-db): 'SIDE+echo' answers each replayed statement (and BEGIN, COMMIT) after a round trip
    // to an echo process; 'trips' makes the same number of round trips per op with no other work. SIDE+echo minus
    // trips is our JavaScript run between real socket writes and reads, against SIDE, the replay answered at once.
    let tripsPerSend = 0;
    if (echo && replay) {
      replay.echo = true;
      const before = echo.count();
      const b = await burst(layers[chosen[0]], 1);
      replay.echo = false;
      tripsPerSend = Math.round((echo.count() - before) / b.ops);
      sides.push(`${chosen[0]}+echo`, 'trips', 'json', 'json+trips');
      if (opts['echo-only']) sides.splice(0, sides.length, `${chosen[0]}+echo`); // for --prof: that side alone
      log(`--echo: ${tripsPerSend} round trips per send`);
    }
    const background = opts.contend ? await startBackground(database.url, raws) : null;
    const refObject = { to: ['+243812345678'], message: 'Your code is 123456', sender_id: 'ACME', n: [1, 2, 3] };
    /** A fixed piece of JavaScript: `n` JSON round trips of a send's body. */
    const jsonWork = (n: number) => {
      for (let i = 0; i < n; i++) JSON.parse(JSON.stringify(refObject));
    };
    const ref = async () => jsonWork(20);
    const trips = async () => {
      for (let i = 0; i < tripsPerSend; i++) await echo!.trip();
    };
    // the same fixed JavaScript (2 JSON round trips per socket round trip) at once, or between the trips
    const json = async () => jsonWork(tripsPerSend * 2);
    const jsonTrips = async () => {
      for (let i = 0; i < tripsPerSend; i++) {
        jsonWork(2);
        await echo!.trip();
      }
    };
    const fixed: Record<string, () => Promise<void>> = { raw: rawSend, ref, trips, json, 'json+trips': jsonTrips };
    const plain = (side: string) => fixed[side] ?? layers[side];
    const task = (side: string) => plain(side.replace(/\+(bg|echo)$/, ''));
    const got: Record<string, { us: number[]; user: number[]; rps: number[] }> = {};
    for (const side of sides) got[side] = { us: [], user: [], rps: [] };
    for (const side of base) if (side !== chosen[0] && side !== 'raw') await burst(task(side), 1); // warm
    const harness: number[] = [];
    const profiler = opts.prof ? await startProfiler() : null;
    let ops = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? [...sides].reverse() : sides;
      const line: string[] = [];
      for (const side of order) {
        if (side.endsWith('+bg')) await background!.send('run');
        if (side.endsWith('+echo')) replay!.echo = true;
        const b = await burst(task(side), SECONDS);
        if (side.endsWith('+echo')) replay!.echo = false;
        if (side.endsWith('+bg')) await background!.send('pause');
        got[side].us.push(b.us);
        got[side].user.push(b.user);
        got[side].rps.push(b.rps);
        ops += b.ops;
        line.push(`${side} ${f1(b.us)} us/send (user ${f1(b.user)}), ${b.rps.toFixed(0)}/s, p99 ${b.p99.toFixed(1)} ms${b.io ? ` [${b.io}]` : ''}`);
      }
      harness.push((await burst(harnessOnly, 0.3)).us);
      log(`round ${round + 1}: ${line.join('; ')}`);
    }
    if (profiler) log(`profile of the rounds (${ops} sends, harness bursts included): ${await profiler.stop(opts.prof!)}`);
    log(`medians over ${ROUNDS} rounds (us/send, CPU of this process):`);
    for (const side of sides) {
      const d = got.raw && side !== 'raw' ? `; minus raw, per round: median ${f1(median(got[side].us.map((u, i) => u - got.raw.us[i])))}` : '';
      log(`  ${side.padEnd(7)} ${f1(median(got[side].us))} (user ${f1(median(got[side].user))}), ${median(got[side].rps).toFixed(0)}/s${d}`);
    }
    log(`  harness (synthetic req/res, answered at once): ${f1(median(harness))} us/send`);
    if (echo && got.trips) {
      const e = got[`${chosen[0]}+echo`].us.map((u, i) => u - got.trips.us[i]);
      log(`  ${chosen[0]} with each statement a real round trip, minus the round trips alone: median ${f1(median(e))} us/send (per round: ${e.map(f1).join(', ')}), against ${f1(median(got[chosen[0]].us))} answered at once`);
      const j = got['json+trips'].us.map((u, i) => u - got.trips.us[i]);
      log(`  ${tripsPerSend * 2} JSON round trips, 2 before each of ${tripsPerSend} socket round trips, minus those alone: median ${f1(median(j))} us/op (per round: ${j.map(f1).join(', ')}), against ${f1(median(got.json.us))} run at once`);
    }
    if (background) {
      log('  with the raw loop busy in another process, over quiet (median per round of the ratio):');
      for (const side of base) log(`    ${side.padEnd(7)} x${median(got[`${side}+bg`].us.map((u, i) => u / got[side].us[i])).toFixed(2)}`);
      await background.send('stop');
    }
  }

  if (!opts['no-micro']) {
    const { SendRequest, SendResult } = await import('@/server/contracts/send');
    const { planSend } = await import('@/server/domain/messages/validate-send');
    const { normalizePhone } = await import('@/server/domain/messages/phone');
    const { analyzeMessage } = await import('@/server/domain/messages/segments');
    const { computeCost, createPriceResolver } = await import('@/server/domain/pricing/pricing');
    const { effectivePriceRows } = await import('@/server/domain/pricing/effective-rows');
    const { unitPriceOf } = await import('@/server/domain/wallets/get-balance');
    const { toAmount, toDbAmount } = await import('@/server/lib/money');
    const { newId } = await import('@/server/lib/ids');
    const { httpDuration, httpRequests } = await import('@/server/metrics/registry');
    const { createContext } = await import('@/server/api/trpc');
    const { fixedSql } = await import('@/server/lib/fixed-sql');
    const { sql: dsql } = await import('drizzle-orm');
    const { initTRPC } = await import('@trpc/server');
    const { z } = await import('zod');

    const input = JSON.parse(body.toString());
    const org = { timezone: 'Africa/Kinshasa', defaultCountry: 'CD' };
    const now = new Date();
    const { rows } = await effectivePriceRows(db(), merchants[0].organization_id);
    const resolve = createPriceResolver(rows, unitPriceOf('0.02'));
    const cost = computeCost(['+243812345678'], 1, 1, resolve).total; // a send's total, as sendMessage formats it
    const result = { message_id: newId('msg'), total_recipients: 1, total_messages: 1, total_cost: 0.02, currency: 'USD', status: 'pending', sending_type: 'immediate' };
    // a tRPC procedure of the same shape as the send's (two middlewares, zod input and output), with a trivial body
    const t = initTRPC.context<{ x: number }>().create();
    const trivial = t.procedure
      .use(async ({ next }) => next())
      .use(async ({ next }) => next({ ctx: { y: 1 } }))
      .input(z.object({ a: z.string() }))
      .output(z.object({ b: z.string() }))
      .mutation(() => ({ b: 'ok' }));
    const trivialCaller = t.createCallerFactory(t.router({ trivial }))({ x: 1 });
    const headers = { get: (n: string) => (n === 'app-key' ? keys[0] : null) };
    const pool = rawPool;
    const drizzleDb = db();

    type Piece = { name: string; fn: () => unknown; async?: boolean };
    const pieces: Piece[] = [
      { name: 'zod SendRequest.parse', fn: () => SendRequest.parse(input) },
      { name: 'zod SendRequest.safeParseAsync', fn: () => SendRequest.safeParseAsync(input), async: true },
      { name: 'zod SendResult.parse', fn: () => SendResult.parse(result) },
      { name: 'planSend (1 recipient)', fn: () => planSend(input, org, now, { allowHttpCallbacks: true }) },
      { name: 'normalizePhone', fn: () => normalizePhone('+243812345678', 'CD') },
      { name: 'analyzeMessage', fn: () => analyzeMessage('Your code is 123456') },
      { name: 'createPriceResolver + computeCost', fn: () => computeCost(['+243812345678'], 1, 1, createPriceResolver(rows, unitPriceOf('0.02'))) },
      { name: 'computeCost (resolver built)', fn: () => computeCost(['+243812345678'], 1, 1, resolve) },
      { name: 'toAmount + toDbAmount', fn: () => [toAmount('0.02'), toDbAmount('0.02')] },
      { name: 'toAmount + 4 toDbAmount of a cost (Decimal)', fn: () => [toAmount(cost), toDbAmount(cost), toDbAmount(cost), toDbAmount(cost), toDbAmount(cost)] },
      { name: 'newId x2', fn: () => [newId('msg'), newId('dsp')] },
      { name: 'digestApiKey', fn: () => digestApiKey(env.APP_SECRET!, keys[0]) },
      { name: 'metrics inc + observe', fn: () => {
        const labels = { route: PATH, method: 'POST', status: '201' };
        httpRequests.inc(labels);
        httpDuration.observe(labels, 0.004);
      } },
      { name: 'createContext', fn: () => createContext({ db: drizzleDb, env: serviceEnv() }, headers, { headers: {} }) },
      { name: 'tRPC caller, trivial body', fn: () => trivialCaller.trivial({ a: 'x' }), async: true },
      { name: 'JSON.stringify answer', fn: () => JSON.stringify({ status_code: 201, data: result }) },
      { name: 'new Date()', fn: () => new Date() },
      { name: 'drizzle sql`` (5 params) toQuery', fn: () => (drizzleDb as unknown as { dialect: { sqlToQuery: (q: unknown) => unknown } }).dialect.sqlToQuery(dsql`select ${1}, ${2}, ${3}, ${4}, ${5}`) },
      { name: 'fixedSql (5 params)', fn: () => fixedSql`select ${1}, ${2}, ${3}, ${4}, ${5}` },
      { name: 'drizzle transaction, select 1', fn: () => drizzleDb.transaction(async (tx) => void (await tx.execute(fixedSql`select 1`))), async: true },
      { name: 'postgres.js sql.begin, select 1', fn: () => pool.begin(async (tx) => void (await tx`select 1`)), async: true },
    ];
    const measure = async (p: Piece, n: number) => {
      const c0 = process.cpuUsage();
      if (p.async) {
        // 32 at a time, as under load
        let left = n;
        await Promise.all(Array.from({ length: Math.min(32, n) }, async () => {
          while (left-- > 0) await p.fn();
        }));
      } else for (let i = 0; i < n; i++) p.fn();
      const c = process.cpuUsage(c0);
      return (c.user + c.system) / n;
    };
    const runs = new Map<string, number[]>();
    for (const p of pieces) await measure(p, p.async ? 300 : 2000); // warm
    for (let rep = 0; rep < 5; rep++) {
      for (const p of pieces) {
        const us = await measure(p, p.async ? 1000 : 20000);
        runs.set(p.name, [...(runs.get(p.name) ?? []), us]);
      }
    }
    log('pieces, us per call (median of 5 interleaved repetitions):');
    for (const p of pieces) log(`  ${p.name.padEnd(40)} ${median(runs.get(p.name)!).toFixed(2)}`);
  }
  await rawPool.end({ timeout: 2 });
  await db().$client.end({ timeout: 2 });
} finally {
  await sql.end({ timeout: 2 });
  await database.drop();
}
process.exit(0);

/** A child process running bench/lib/NAME with tsx, its stdout and stderr ours, an IPC channel to it. */
function forkLib(name: string) {
  return fork(path.join(path.dirname(fileURLToPath(import.meta.url)), 'lib', name), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** --echo: a pool of 10 sockets to an echo process (bench/lib/echo-child.ts); trip() is one 16-byte round trip. */
async function startEcho() {
  const child = forkLib('echo-child.ts');
  const port = await new Promise<number>((resolve) => child.once('message', (p) => resolve(p as number)));
  const sockets = await Promise.all(
    Array.from({ length: 10 }, () => new Promise<{ s: net.Socket; waiting: Array<() => void>; got: number }>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => resolve(entry));
      s.setNoDelay(true);
      const entry = { s, waiting: [] as Array<() => void>, got: 0 };
      s.on('data', (b: Buffer) => {
        entry.got += b.length;
        while (entry.got >= 16) {
          entry.got -= 16;
          entry.waiting.shift()!();
        }
      });
    })),
  );
  const message = Buffer.alloc(16, 1);
  let turn = 0;
  let n = 0;
  child.unref();
  for (const x of sockets) x.s.unref();
  return {
    trip: () =>
      new Promise<void>((resolve) => {
        const x = sockets[turn++ % sockets.length];
        n++;
        x.waiting.push(resolve);
        x.s.write(message);
      }),
    count: () => n,
  };
}

/** --contend: the raw send loop in a child process (bench/lib/raw-send-child.ts), run and paused on request. */
async function startBackground(url: string, merchants: RawMerchant[]) {
  const child = forkLib('raw-send-child.ts');
  const send = (m: object) => new Promise<void>((resolve) => (child.once('message', () => resolve()), child.send(m)));
  await send({ cmd: 'start', url, merchants });
  await send({ cmd: 'run' }); // warm its plans and connections
  await new Promise((r) => setTimeout(r, 1000));
  await send({ cmd: 'pause' });
  await new Promise((r) => setTimeout(r, 600));
  return { send: (cmd: 'run' | 'pause' | 'stop') => send({ cmd }).then(() => (cmd === 'pause' ? new Promise((r) => setTimeout(r, 600)) : undefined)) };
}

/**
 * --io: per send, the sockets' writes and 'data' events (each a syscall and a turn of the event loop; the
 * statements' round trips), their bytes, and V8's garbage collections (count and pause time) during a burst.
 */
function countIo() {
  const n = { writes: 0, wbytes: 0, reads: 0, rbytes: 0, gcs: 0, gcMs: 0 };
  const write = net.Socket.prototype.write;
  net.Socket.prototype.write = function (this: net.Socket, chunk: unknown, ...rest: unknown[]) {
    n.writes++;
    n.wbytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : (chunk as Buffer).length;
    return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof write;
  const emit = net.Socket.prototype.emit;
  net.Socket.prototype.emit = function (this: net.Socket, event: string | symbol, ...args: unknown[]) {
    if (event === 'data') {
      n.reads++;
      n.rbytes += (args[0] as Buffer).length;
    }
    return (emit as (...a: unknown[]) => boolean).call(this, event, ...args);
  } as typeof emit;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      n.gcs++;
      n.gcMs += e.duration;
    }
  }).observe({ entryTypes: ['gc'] });
  return {
    reset: () => Object.assign(n, { writes: 0, wbytes: 0, reads: 0, rbytes: 0, gcs: 0, gcMs: 0 }),
    per: (ops: number) =>
      `writes ${(n.writes / ops).toFixed(2)} (${(n.wbytes / ops).toFixed(0)} B), reads ${(n.reads / ops).toFixed(2)} (${(n.rbytes / ops).toFixed(0)} B), ` +
      `GC ${((n.gcs / ops) * 1000).toFixed(1)}/1000 sends, ${((n.gcMs / ops) * 1000).toFixed(1)} us/send`,
  };
}

/**
 * --fake-db: the process-wide pool of db/client.ts built as createDb builds it (drizzle over the hardened
 * postgres.js client, behind `resilient`), over a client that records each statement's answer (by its text; rows
 * or `.values()` arrays) from the real database while `replaying` is false, then answers every statement from
 * those records at once (a transaction is a plain call of its callback). The service's code runs unchanged.
 */
async function installReplayPool(url: string, trip: (() => Promise<void>) | null) {
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const { hardenedClient, resilient } = await import('@/server/lib/postgres-js');
  const real = postgres(url, { max: 10, types: { bigint: postgres.BigInt }, onnotice: () => {} });
  const rows = new Map<string, unknown[]>();
  const values = new Map<string, unknown[]>();
  const state = { replaying: false, echo: false, recorded: () => rows.size + values.size };
  const copy = (list: unknown[]) => Object.assign([...list], { count: (list as { count?: number }).count ?? list.length, command: (list as { command?: string }).command });
  type Q = Promise<unknown> & { values: () => Promise<unknown> };
  const client = (target: postgres.Sql): postgres.Sql => {
    const unsafe = (text: string, params?: unknown[], options?: postgres.UnsafeQueryOptions) => {
      if (state.replaying) {
        const known = rows.get(text);
        const answer = () => copy(known ?? []);
        const q = (state.echo ? trip!().then(answer) : Promise.resolve(answer())) as Q;
        q.values = () => (state.echo ? trip!() : Promise.resolve()).then(() => copy(values.get(text) ?? []));
        return q;
      }
      const query = target.unsafe(text, params as postgres.ParameterOrJSON<never>[], options);
      const q = query.then((r) => (rows.set(text, [...r]), r)) as Q;
      q.values = () => query.values().then((r) => (values.set(text, [...r]), r));
      return q;
    };
    const begin = async (fn: (tx: postgres.Sql) => unknown) => {
      if (!state.replaying) return target.begin((tx) => fn(client(tx as unknown as postgres.Sql)));
      if (state.echo) await trip!(); // BEGIN
      const out = await fn(fake as unknown as postgres.Sql);
      if (state.echo) await trip!(); // COMMIT
      return out;
    };
    const fake = Object.assign((...a: unknown[]) => (target as unknown as (...b: unknown[]) => unknown)(...a), { unsafe, begin, options: target.options, end: target.end });
    return fake as unknown as postgres.Sql;
  };
  (globalThis as Record<symbol, unknown>)[Symbol.for('sms-gateway.db.pool')] = resilient(() => drizzle(hardenedClient(client(real))));
  return state;
}

/** The V8 sampling profiler of this process (node:inspector), from now to stop(dir), which writes the .cpuprofile. */
async function startProfiler() {
  const { Session } = await import('node:inspector/promises');
  const { mkdirSync, writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  return {
    stop: async (dir: string) => {
      const { profile } = await session.post('Profiler.stop');
      mkdirSync(dir, { recursive: true });
      const file = `${dir}/probe-${opts.only ?? 'both'}-${process.pid}.cpuprofile`;
      writeFileSync(file, JSON.stringify(profile));
      return file;
    },
  };
}
