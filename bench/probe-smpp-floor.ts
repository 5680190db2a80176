/**
 * Probe (issue 11): the floor of a durable SMPP connector. What can ANY connector reach, relative to the bench's raw
 * loop, when it keeps the minimum per-message state D14 asks for (the carrier message id of every accepted part, the
 * recipient processing -> sent with its sms.sent event)? Variants, run in turns on one database and one test SMSC:
 *   A   the bench's baseline as it runs it (bench/lib/raw-smpp.ts rawSubmitChild: client in its own process, a warm-up
 *       run then the measured one, the SMSC's CPU over both runs).
 *   A'  the same loop in this probe's child (no database), with the CPU of the measured run only: the harness check.
 *   B   A' plus, once at least `batch` answers are in and no write is in flight, ONE statement (one transaction, one
 *       round trip, prepared, arrays): carrier_parts rows (part 1 of 1, the carrier message id), the recipients
 *       processing -> sent (carrier, carrier_message_id, sent_at), their sms.sent webhook_events (the service's
 *       payload). The window is freed by the answer, not by the write (as the connector does). Recipients are real
 *       ones in state processing, made beforehand by the bench's raw send and dispatch SQL (bench/lib/raw-db.ts).
 *   C   B plus the outbox writes the service makes today: rows claimed from carrier_outbox by the service's claim
 *       statement (2000 at a time, the next claim when half are sent; the first claim before the clock starts, as the
 *       drain's connector claims while the SMSC holds it), and each flush also sets their outbox rows sent (a CTE of
 *       the same statement: still one round trip).
 * Breakdown variants: P (carrier_parts only), PR (the parts and the recipients' move, no events). A trailing `f` (Af,
 * Bf, Cf, ...) sends the connector's submit_sm fields instead of the raw loop's (sender, TON/NPI, validity period, as the
 * service does and as bench/run.ts's info row sends them), which costs the SMSC more to decode.
 * Each run: a warm-up of n then the measured n. Rates: to the last submit_sm_resp (as the raw loop measures) and to
 * the last commit. CPU per submit_sm: client process, SMSC (this process), Postgres backends of the database.
 *
 * What it showed (2026-11-26, 2-core VM, medians of 14-33 rounds per variant, ratio to the same round's A, batch 50):
 * A' 1.00 (CPU per submit_sm 0.067 ms: client 0.026, SMSC 0.041); P 0.84; PR 0.75; B 0.70 (IQR 0.58-0.81; 0.111 ms:
 * client 0.037, SMSC 0.044, Postgres 0.030); C 0.62 (Postgres 0.050); Af 0.93; Bf 0.59; Cf 0.53 (0.141 ms). Batches of
 * 250 or 1000 take Postgres to 0.025/0.023 ms but not the rate. The service's drain in bench runs between these: 0.60
 * (0.46-0.73; 0.146 ms: worker 0.045, SMSC 0.051, Postgres 0.050), i.e. at Cf. Every variant keeps ~1.6-1.75 of the 2
 * cores busy, so the rate goes as 1 / CPU per submit_sm: 0.8 of A needs about 0.085 ms in all, which D14's minimum
 * writes alone exceed.
 *
 *   flock /tmp/bench.lock npx tsx bench/probe-smpp-floor.ts [--rounds 4] [--n 10000] [--window 50] [--batch 50] [--variants A,A',B,C,P,PR,Af,Bf,Cf]
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { digestApiKey } from '@/server/lib/crypto';
import { startSmsc } from '../tests/carrier/smsc';
import { rawDispatchToProcessing, rawSendOnce, type RawMerchant } from './lib/raw-db';
import { median } from './lib/load';
import { DEFAULT_FIELDS, rawSubmitChild } from './lib/raw-smpp';
import { cpuSeconds } from './lib/rss';
import { admin, benchEnv, benchMerchant, freshDatabase, migrate } from './lib/service';

const { values: opts } = parseArgs({
  options: {
    rounds: { type: 'string', default: '4' },
    n: { type: 'string', default: '10000' },
    window: { type: 'string', default: '50' },
    batch: { type: 'string', default: '50' },
    variants: { type: 'string', default: "A,A',B,C" },
  },
});
const ROUNDS = Number(opts.rounds);
const N = Number(opts.n);
const WINDOW = Number(opts.window);
const BATCH = Number(opts.batch);
const VARIANTS = opts.variants!.split(',');
const PER_SEND = 1000;
// the connector's submit_sm fields (sender, TON/NPI, validity period), as bench/run.ts's info row sends them: the test
// SMSC's library decodes more per submit_sm then (the validity period becomes a Date)
const CONNECTOR_FIELDS = { ...DEFAULT_FIELDS, source_addr_ton: 5, source_addr_npi: 0, source_addr: 'ACME', dest_addr_ton: 1, dest_addr_npi: 1, validity_period: '000002000000000R' };
/** A variant's name: A, A', P (parts only), PR (parts and the recipients' move), B, C; a trailing f: the connector's fields. */
function variant(v: string): { mode: Mode; fields: Record<string, unknown> } {
  const f = v.endsWith('f');
  const base = f ? v.slice(0, -1) : v;
  const modes: Record<string, Mode> = { A: 'none', "A'": 'none', P: 'P', PR: 'PR', B: 'B', C: 'C' };
  if (!(base in modes)) throw new Error(`unknown variant ${v}`);
  return { mode: modes[base], fields: f ? CONNECTOR_FIELDS : DEFAULT_FIELDS };
}
const log = (m: string) => console.log(`[floor] ${m}`);

// The child: plain JavaScript for `node -e`, the raw loop of bench/lib/raw-smpp.ts (the same submit_sm, the same
// lanes), plus the writes of its mode. It asks this process for each run's spec over IPC ('ready'), so that this
// process reads the SMSC's and Postgres's CPU right before the run starts and right after it ends ('done').
type Mode = 'none' | 'P' | 'PR' | 'B' | 'C';
const SETTLE = (mode: Exclude<Mode, 'none'>) => {
  const parts = `insert into carrier_parts (recipient_id, connector_id, part_no, parts_total, carrier_message_id)
    select x.r, $3, 1, 1, x.c from x`;
  // (P and PR: $4 and $5 are still sent, so every mode binds the same parameters)
  if (mode === 'P') return `with x as (select * from unnest($1::bigint[], $2::text[]) as x(r, c)), y as (select $4::text, $5::text) ${parts}`;
  const move = `update message_recipients r set state = 'sent', carrier = $4, carrier_message_id = x.c, sent_at = $5::text::timestamptz, updated_at = $5::text::timestamptz
      from x where r.id = x.r and r.state = 'processing'`;
  if (mode === 'PR') return `with x as (select * from unnest($1::bigint[], $2::text[]) as x(r, c)), parts as (${parts}) ${move}`;
  return `
  with x as (select * from unnest($1::bigint[], $2::text[]) as x(r, c)),
  ${mode === 'C' ? `o as (
    update carrier_outbox o set state = 'sent', claimed_by = null, claimed_at = null, expires_at = now() + make_interval(secs => 172800)
      from x where o.recipient_id = x.r and o.connector_id = $3 and o.state = 'queued'
  ),` : ''}
  parts as (${parts}),
  mv as (
    ${move}
    returning r.id, r.message_id, r.dispatch_id, r.phone, x.c, gen_random_uuid() as eid
  )
  insert into webhook_events (id, organization_id, app_id, message_id, dispatch_id, recipient_id, event_type, payload, created_at)
  select mv.eid, m.organization_id, m.app_id, mv.message_id, mv.dispatch_id, mv.id, 'sms.sent',
         jsonb_build_object('event_id', mv.eid, 'event_type', 'sms.sent', 'timestamp', $5::text, 'message_id', mv.message_id,
           'data', jsonb_build_object('recipient_phone', mv.phone, 'carrier', $4::text, 'sent_at', $5::text, 'carrier_message_id', mv.c, 'dispatch_at', null)),
         $5::text::timestamptz
    from mv join messages m on m.id = mv.message_id`;
};
// server/domain/carrier/smpp/outbox.ts claimOutbox, the same statement
const CLAIM = `
  with picked as (
    select recipient_id from carrier_outbox
     where connector_id = $1 and state = 'queued' and claimed_by is null and next_at <= now()
     order by next_at limit $3 for update skip locked
  ), claimed as (
    update carrier_outbox o set claimed_by = $2, claimed_at = now() from picked
     where o.recipient_id = picked.recipient_id returning o.recipient_id, o.dispatch_id
  )
  select r.id, c.dispatch_id, r.phone, m.body, m.sender_id, m.smpp_udh, r.state,
         array(select p.part_no from carrier_parts p where p.recipient_id = r.id and p.connector_id = $1) as done
    from claimed c join message_recipients r on r.id = c.recipient_id join messages m on m.id = r.message_id
   order by r.id`;

const CHILD = `
const smpp = require('smpp');
const postgres = require('postgres');
const cfg = JSON.parse(process.argv[1]);
const sql = postgres(cfg.url, { max: 2, onnotice: () => {} });
const SETTLE = ${JSON.stringify({ P: SETTLE('P'), PR: SETTLE('PR'), B: SETTLE('B'), C: SETTLE('C') })};
const CLAIM = ${JSON.stringify(CLAIM)};
const fail = (e) => { console.error(e); process.exit(1); };
const session = smpp.connect({ url: 'smpp://127.0.0.1:' + cfg.port });
session.on('error', fail);
const ask = () => new Promise((resolve) => { process.once('message', resolve); process.send({ type: 'ready' }); });
const run = async (spec) => {
  const n = cfg.n;
  const mode = spec.mode;
  const queue = [];
  let waiters = [];
  let claimed = 0;
  let claiming = null;
  let claims = 0;
  const claim = (limit) => sql.unsafe(CLAIM, [spec.connectorId, 'floor-' + process.pid, limit], { prepare: true }).then((rows) => {
    claims++;
    claimed += rows.length;
    for (const r of rows) queue.push(r.id);
    const w = waiters; waiters = []; for (const f of w) f();
    if (claimed < n && rows.length === 0) throw new Error('claim found no rows');
  });
  const maybeClaim = () => {
    if (claiming || claimed >= n || queue.length >= cfg.depth / 2) return;
    claiming = claim(Math.min(cfg.depth, n - claimed)).catch(fail).finally(() => { claiming = null; });
  };
  if (mode !== 'none' && mode !== 'C') {
    const rows = await sql\`select id from message_recipients where dispatch_id = any(\${spec.dispatchIds}) and state = 'processing' order by id\`;
    if (rows.length !== n) fail(new Error('expected ' + n + ' recipients in processing, found ' + rows.length));
    for (const r of rows) queue.push(r.id);
  }
  if (mode === 'C') await claim(Math.min(cfg.depth, n)); // before the clock, as the drain's first claim
  const settle = SETTLE[mode];
  let ids = [];
  let cids = [];
  let flushing = null;
  let flushes = 0;
  let written = 0;
  const flush = () => {
    const a = ids; const b = cids; ids = []; cids = [];
    flushing = sql.unsafe(settle, [a, b, spec.connectorId, spec.connectorName, new Date().toISOString()], { prepare: true })
      .then(() => { flushes++; written += a.length; flushing = null; if (ids.length >= cfg.batch) flush(); })
      .catch(fail);
  };
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let sent = 0;
  await Promise.all(Array.from({ length: cfg.window }, async () => {
    while (sent < n) {
      sent++;
      if (mode === 'none') { await new Promise((resolve) => session.submit_sm(spec.fields, () => resolve())); continue; }
      if (mode === 'C') maybeClaim();
      while (!queue.length) await new Promise((r) => waiters.push(r));
      const id = queue.shift();
      await new Promise((resolve) => session.submit_sm(spec.fields, (pdu) => {
        if (pdu.command_status !== 0) fail(new Error('submit_sm refused: ' + pdu.command_status));
        ids.push(id); cids.push(pdu.message_id);
        if (!flushing && ids.length >= cfg.batch) flush();
        resolve();
      }));
    }
  }));
  const t1 = performance.now();
  while (flushing || ids.length) { if (!flushing) flush(); await flushing; }
  const t2 = performance.now();
  const cpu = process.cpuUsage(c0);
  if (mode !== 'none' && written !== n) fail(new Error('wrote ' + written + ' of ' + n));
  return { rateResp: n / ((t1 - t0) / 1000), rateCommit: n / ((t2 - t0) / 1000), cpuMs: (cpu.user + cpu.system) / 1000, flushes, claims };
};
session.bind_transmitter({ system_id: 'bench', password: 'benchpw1' }, async (pdu) => {
  if (pdu.command_status !== 0) fail(new Error('bind refused'));
  for (;;) {
    const spec = await ask();
    if (spec.type === 'exit') break;
    const r = await run(spec);
    process.send({ type: 'done', ...r });
  }
  session.close();
  await sql.end({ timeout: 2 });
  setTimeout(() => process.exit(0), 50);
});`;

type Spec = { mode: Mode; connectorId: string; connectorName: string; dispatchIds: string[]; fields: Record<string, unknown> };
type ChildResult = { rateResp: number; rateCommit: number; cpuMs: number; flushes: number; claims: number };
type Measured = ChildResult & { smscMs: number; pgMs: number };

/** The probe's child through its runs (a warm-up then the measured one); the SMSC's and Postgres's CPU over each run. */
async function floorChild(url: string, port: number, runs: Spec[]): Promise<Measured[]> {
  const cfg = { url, port, n: N, window: WINDOW, batch: BATCH, depth: 2000 };
  const child = spawn(process.execPath, ['-e', CHILD, JSON.stringify(cfg)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const out: Measured[] = [];
  let at: { smsc: NodeJS.CpuUsage; pg: number } | null = null;
  child.on('message', (m: { type: string } & ChildResult) => {
    if (m.type === 'ready') {
      const spec = runs[out.length];
      if (!spec) return child.send({ type: 'exit' });
      const pg = cpuSeconds([]).postgres;
      at = { smsc: process.cpuUsage(), pg };
      child.send(spec);
    } else if (m.type === 'done') {
      const smsc = process.cpuUsage(at!.smsc);
      const pg = cpuSeconds([]).postgres;
      out.push({ ...m, smscMs: (smsc.user + smsc.system) / 1000, pgMs: (pg - at!.pg) * 1000 });
    }
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0 || out.length !== runs.length) throw new Error(`floor child exited with ${code} after ${out.length} of ${runs.length} runs`);
  return out;
}

/** Share of all CPUs not idle over `ms`, from /proc/stat (as bench/run.ts logs it before it starts). */
async function machineBusy(ms: number): Promise<number> {
  const read = () => readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1, 9).map(Number);
  const a = read();
  await new Promise((r) => setTimeout(r, ms));
  const d = read().map((x, i) => x - a[i]);
  const total = d.reduce((x, y) => x + y, 0);
  return total ? (100 * (total - d[3] - d[4])) / total : 0;
}

log(`before start, this machine's CPUs were ${(await machineBusy(2000)).toFixed(0)}% busy with other work`);
const database = await freshDatabase();
const env = benchEnv(database.url);
const sql = postgres(database.url, { max: 4, onnotice: () => {} });
const smsc = await startSmsc({ systemId: 'bench', password: 'benchpw1' });
try {
  await migrate(env);
  const m = await benchMerchant(env, sql, 'Floor smpp');
  const merchant: RawMerchant = { appId: m.app_id, organizationId: m.organization_id, walletId: m.walletId, digest: digestApiKey(env.APP_SECRET!, m.api_key), sendLimit: 1_000_000 };
  const connector = async (name: string) => {
    const r = (await admin(env, 'add-connector', '--name', name, '--kind', 'smpp', '--host', '127.0.0.1', '--port', String(smsc.port),
      '--system-id', 'bench', '--password', 'benchpw1', '--window', String(WINDOW), '--tps', '100000')) as { connector_id: string };
    return { id: r.connector_id, name };
  };
  // one connector for the warm-up runs and one for the measured runs: a claim takes only its own run's rows
  const warmConnector = await connector('floor-warm');
  const mainConnector = await connector('floor-main');

  // Recipients in processing (and for C their outbox rows), every run's own, made before any run: sends of 1000 as
  // the bench's raw send loop writes them, each dispatch taken pending -> processing by the raw pipeline's first step.
  const send = rawSendOnce(sql, PER_SEND);
  const made0 = performance.now();
  const recipients = async (forC: boolean, c: { id: string }) => {
    const dispatchIds: string[] = [];
    for (let i = 0; i < N / PER_SEND; i++) {
      const d = await send(merchant);
      await rawDispatchToProcessing(sql, d);
      dispatchIds.push(d.dispatchId);
    }
    if (forC) await sql`
      insert into carrier_outbox (recipient_id, dispatch_id, route, connector_id, expires_at)
      select r.id, r.dispatch_id, array[${c.id}::text], ${c.id}, now() + interval '2 days'
        from message_recipients r where r.dispatch_id = any(${dispatchIds}) and r.state = 'processing'`;
    return dispatchIds;
  };
  type Plan = { variant: string; warm: Spec; main: Spec };
  const plans: Plan[][] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const turn: Plan[] = [];
    for (const v of VARIANTS) {
      const { mode, fields } = variant(v);
      const spec = async (c: { id: string; name: string }): Promise<Spec> => ({
        mode, connectorId: c.id, connectorName: c.name, fields,
        dispatchIds: mode === 'none' ? [] : await recipients(mode === 'C', c),
      });
      turn.push({ variant: v, warm: await spec(warmConnector), main: await spec(mainConnector) });
    }
    plans.push(turn);
  }
  await sql`vacuum analyze message_recipients, messages, message_dispatches, carrier_outbox, carrier_parts, webhook_events`;
  await sql`checkpoint`;
  log(`${ROUNDS} rounds of ${VARIANTS.join(' ')}: recipients made, vacuumed and analysed in ${((performance.now() - made0) / 1000).toFixed(1)} s; n ${N}, window ${WINDOW}, batch ${BATCH}`);

  type Row = { variant: string; round: number; rateResp: number; rateCommit: number; client: number | null; smsc: number; pg: number | null; batch: number | null };
  const rows: Row[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const p of plans[round]) {
      let row: Row;
      if (p.variant === 'A' || p.variant === 'Af') {
        const c0 = process.cpuUsage();
        const r = await rawSubmitChild(smsc.port, N, WINDOW, p.warm.fields);
        const c = process.cpuUsage(c0);
        // (as the bench reads it: the SMSC over the warm-up and the measured run)
        row = { variant: p.variant, round, rateResp: r.rate, rateCommit: r.rate, client: r.clientCpuMs! / N, smsc: (c.user + c.system) / 1000 / (2 * N), pg: null, batch: null };
      } else {
        const [, r] = await floorChild(database.url, smsc.port, [p.warm, p.main]);
        row = { variant: p.variant, round, rateResp: r.rateResp, rateCommit: r.rateCommit, client: r.cpuMs / N, smsc: r.smscMs / N, pg: r.pgMs / N, batch: r.flushes ? N / r.flushes : null };
      }
      smsc.submits.length = 0; // (the SMSC keeps every submit_sm; not across runs)
      rows.push(row);
      const a = rows.find((x) => x.variant === 'A' && x.round === round);
      log(`round ${round + 1} ${row.variant.padEnd(2)}: ${row.rateResp.toFixed(0)}/s to the last answer, ${row.rateCommit.toFixed(0)}/s to the last commit` +
        `${a ? ` (${(row.rateResp / a.rateResp).toFixed(2)} / ${(row.rateCommit / a.rateResp).toFixed(2)} of A)` : ''}; CPU ms per submit_sm: client ${row.client?.toFixed(3) ?? '-'}, ` +
        `SMSC ${row.smsc.toFixed(3)}, Postgres ${row.pg?.toFixed(3) ?? '-'}${row.batch ? `; ${row.batch.toFixed(0)} answers per write` : ''}`);
    }
    // every measured run wrote what it had to: its recipients sent, one part and one sms.sent event each
    const [check] = await sql<{ sent: number; parts: number; events: number }[]>`
      select (select count(*)::int from message_recipients where state = 'sent') as sent,
             (select count(*)::int from carrier_parts) as parts,
             (select count(*)::int from webhook_events where event_type = 'sms.sent') as events`;
    const count = (modes: Mode[]) => 2 * N * (round + 1) * VARIANTS.filter((v) => modes.includes(variant(v).mode)).length;
    const want = { sent: count(['PR', 'B', 'C']), parts: count(['P', 'PR', 'B', 'C']), events: count(['B', 'C']) };
    if (JSON.stringify(check) !== JSON.stringify(want)) throw new Error(`after round ${round + 1}: ${JSON.stringify(check)}, expected ${JSON.stringify(want)}`);
  }

  const fmt = (x: number | null) => (x === null ? '-' : x.toFixed(3));
  log('summary (medians over the rounds; ratio = per round against that round\'s A):');
  for (const v of VARIANTS) {
    const mine = rows.filter((r) => r.variant === v);
    const ratio = (f: (r: Row) => number, base = 'A') => median(mine.map((r) => f(r) / rows.find((a) => a.variant === base && a.round === r.round)!.rateResp));
    const ofAf = v.endsWith('f') && v !== 'Af' && VARIANTS.includes('Af') ? `, ${ratio((r) => r.rateResp, 'Af').toFixed(2)} of Af` : '';
    const cpu = (f: (r: Row) => number | null) => {
      const xs = mine.map(f).filter((x): x is number => x !== null);
      return xs.length ? median(xs) : null;
    };
    const client = cpu((r) => r.client);
    const pg = cpu((r) => r.pg);
    const total = (client ?? 0) + (cpu((r) => r.smsc) ?? 0) + (pg ?? 0);
    log(`  ${v.padEnd(2)}: ${median(mine.map((r) => r.rateResp)).toFixed(0)}/s to the last answer (${VARIANTS.includes('A') ? ratio((r) => r.rateResp).toFixed(2) : '-'} of A${ofAf}; runs ${mine.map((r) => r.rateResp.toFixed(0)).join(', ')}), ` +
      `${median(mine.map((r) => r.rateCommit)).toFixed(0)}/s to the last commit (${VARIANTS.includes('A') ? ratio((r) => r.rateCommit).toFixed(2) : '-'}); ` +
      `CPU ms per submit_sm: client ${fmt(client)}, SMSC ${fmt(cpu((r) => r.smsc))}, Postgres ${fmt(pg)}, total ${total.toFixed(3)}`);
  }
} finally {
  await smsc.close();
  await sql.end({ timeout: 2 });
  await database.drop();
}
process.exit(0);
