import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '@/db/client';
import { migrateDatabase } from '@/db/migrate';
import { setRateLimits } from '@/server/domain/keys/manage-keys';
import { LEASE_S } from '@/server/domain/carrier/smpp/leases';
import { ERRORS } from '@/shared/errors/codes';
import { money } from '@/server/lib/money';
import { cliHarness } from '../cli-harness';
import { makeMerchant, testEnv } from '../helpers';
import { startSmsc, type Smsc } from '../carrier/smsc';
import { initPrimary, initStandby, startHaproxy, workDir, type Cluster } from './pg-clusters';
import { ensureBuild, sleep, startService, waitFor, type Proc, type Service } from './service';

/**
 * Issue 39, item 7: the database fails over the way docs/operations.md tells an operator to run it. Two clusters
 * of the machine's Postgres (a primary and a synchronous standby: streaming replication, synchronous_commit on),
 * HAProxy in front sending connections only to the server that answers `pg_is_in_recovery() = f`, and the service
 * (`npm start`: web and worker) on HAProxy's address. Eight clients send, an SMPP connector (made with the operator
 * CLI) submits to a test SMSC that answers with receipts, and webhooks go to a receiver here. The primary is
 * SIGKILLed mid-load (with every one of its processes: the machine is gone) and the standby promoted with
 * `pg_ctl promote`. Then:
 * - every send answered 201 is on the new primary with its charge, and the ledger adds up to the wallets;
 * - no receipt the SMSC had acknowledged is lost, and no answered submit is resent beyond D14's window;
 * - every answer during the switch is 201 or the 503 envelope with Retry-After, never a 500;
 * - sends are accepted again within 15 s of the kill, with no restart of the service;
 * - every accepted send reaches `delivered` and its sms.delivered webhook arrives.
 * The standby is promoted HOLD_MS after the kill, a connector lease (LEASE_S) later: the worker's statements wait
 * that long, its connector's lease lapses, and the sweep may give its claims back (a long switch submitted 33 recipients
 * twice, and left sms.delivered webhooks undelivered, before the fixes of tests/carrier/database-cut and
 * server/lib/postgres-js-listen).
 */
const SENDERS = 8;
const WINDOW = 10;
const HOLD_MS = LEASE_S * 1000;
const PREFIX = '24381';
const env = testEnv();
let root: ReturnType<typeof workDir>;
let primary: Cluster;
let standby: Cluster;
let haproxy: Proc & { port: number };
let svc: Service | undefined;
let smsc: Smsc;
let db: Db;
let hooks: Server;
const hookBodies: string[] = [];

beforeAll(async () => {
  const built = ensureBuild();
  root = workDir('failover-');
  // The primary, the role HAProxy's check logs in as, and the gateway's database, migrated.
  primary = await initPrimary(root.dir, 'pg1', ['synchronous_commit = on']);
  await primary.start();
  const admin = postgres(primary.url(), { max: 1, onnotice: () => {} });
  await admin`create role haproxy_check login`;
  await admin`create database gateway`;
  await migrateDatabase(primary.url('gateway'));
  // The standby from a base backup, then made synchronous: from here a commit is acknowledged once both have it.
  standby = await initStandby(root.dir, 'pg2', primary, ["synchronous_standby_names = ''"]);
  await standby.start();
  await admin`alter system set synchronous_standby_names = 'pg2'`;
  await admin`select pg_reload_conf()`;
  await waitFor(async () => (await admin`select 1 from pg_stat_replication where application_name = 'pg2' and sync_state = 'sync'`).length === 1, 30_000, 100, 'a synchronous standby');
  await admin.end();

  haproxy = await startHaproxy(root.dir, [{ name: 'pg1', port: primary.port }, { name: 'pg2', port: standby.port, backup: true }]);
  const url = `postgres://postgres@127.0.0.1:${haproxy.port}/gateway`;
  db = createDb(url, { max: 4 });
  await waitFor(async () => (await db.execute(sql`select 1`)).length === 1, 10_000, 100, 'the database through haproxy');

  hooks = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d));
    req.on('end', () => {
      hookBodies.push(body);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => hooks.listen(0, '127.0.0.1', r));

  await built;
  svc = await startService({
    DATABASE_URL: url,
    WORKER: 'on',
    LOG_LEVEL: 'warn',
    CARRIER_SIM_DELAY_MS: '0',
    WEBHOOK_RETRY_SCHEDULE: '1s,1s,2s,2s,5s,5s',
  });
}, 600_000);

afterAll(async () => {
  await svc?.stop();
  await haproxy?.stop();
  await smsc?.close();
  await new Promise((r) => (hooks ? hooks.close(r) : r(null)));
  await db?.$client.end({ timeout: 1 });
  await primary?.stop();
  await standby?.stop();
  root?.cleanUp();
});

type Answer = { status: number; body: any; retryAfter: string | null; at: number };

describe('failover to a synchronous standby behind HAProxy (issue 39)', () => {
  it('loses no acknowledged send, receipt or charge; answers 503 during the switch; takes sends again within 15 s', async () => {
    const { cli: runCli } = cliHarness(db, env);
    smsc = await startSmsc({ messageIds: (n) => `f${n}` });
    const hookUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hooks`;
    const m = await makeMerchant(db, env, { prepaid: '1000', webhook: { url: hookUrl } });
    await setRateLimits(db, m.appId, { send: 100_000 });
    // The connector and its route, as an operator makes them.
    for (const argv of [
      ['add-connector', '--name', 'smsc-a', '--kind', 'smpp', '--host', '127.0.0.1', '--port', String(smsc.port), '--system-id', 'gw', '--password', 'secret1', '--window', String(WINDOW), '--tps', '1000'],
      ['set-route', '--prefix', PREFIX, '--connectors', 'smsc-a'],
    ]) {
      const r = await runCli([...argv, '--json']);
      expect(r.code, r.err).toBe(0);
    }
    await waitFor(async () => smsc.sessions.length > 0, 30_000, 100, 'the connector to bind');

    // The SMSC sends a DELIVRD receipt for each accepted submit; the ones the gateway acknowledged are kept.
    const acked = new Set<string>();
    const receipted = new Set<string>();
    let receipting = true;
    const receipts = (async () => {
      while (receipting) {
        for (const s of smsc.submits) {
          if (!s.messageId || receipted.has(s.messageId) || smsc.sessions.length === 0) continue;
          receipted.add(s.messageId);
          const mid = s.messageId;
          void Promise.resolve()
            .then(() => smsc.receipt(mid, 'DELIVRD'))
            .then((status) => status === 0 && acked.add(mid))
            .catch(() => {});
        }
        await sleep(20);
      }
    })();

    const answers: Answer[] = [];
    let n = 0;
    let sending = true;
    const sender = async () => {
      while (sending) {
        const to = `+${PREFIX}${String(n++).padStart(7, '0')}`;
        try {
          const res = await fetch(`${svc!.api}/send`, {
            method: 'POST',
            headers: { 'app-key': m.apiKey, 'content-type': 'application/json' },
            body: JSON.stringify({ to: [to], message: 'Failover' }),
            signal: AbortSignal.timeout(20_000),
          });
          answers.push({ status: res.status, body: await res.json(), retryAfter: res.headers.get('retry-after'), at: Date.now() });
        } catch (e) {
          answers.push({ status: 0, body: String(e), retryAfter: null, at: Date.now() });
        }
      }
    };
    const load = Promise.all(Array.from({ length: SENDERS }, sender));
    await waitFor(async () => answers.filter((a) => a.status === 201).length >= 100 && acked.size >= 20, 60_000, 50, 'sends and receipts under way');

    // The primary's machine is gone; the operator promotes the standby HOLD_MS later (HAProxy follows by itself).
    const killedAt = Date.now();
    await primary.kill();
    const ackedAtKill = new Set(acked);
    await sleep(HOLD_MS - (Date.now() - killedAt));
    await standby.promote();
    const promotedAt = Date.now();
    await waitFor(async () => answers.some((a) => a.at > promotedAt && a.status === 201), 30_000, 50, 'a 201 after the promotion');
    const backAfterMs = answers.find((a) => a.at > promotedAt && a.status === 201)!.at - killedAt;
    await sleep(1000);
    sending = false;
    await load;

    // During the switch: 201 or the 503 envelope with Retry-After, nothing else (no 500, no dropped request).
    const unavailable = {
      success: false, status_code: 503, error_code: ERRORS.SERVICE_UNAVAILABLE.code,
      message: ERRORS.SERVICE_UNAVAILABLE.message, detail: ERRORS.SERVICE_UNAVAILABLE.message,
    };
    const wrong = answers.filter((a) => a.status !== 201 && !(a.status === 503 && a.retryAfter === '1' && JSON.stringify(a.body) === JSON.stringify(unavailable)));
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(backAfterMs).toBeLessThan(15_000);

    // Every 201 is on the new primary, charged its cost once; the ledger is the wallets.
    const accepted = answers.filter((a) => a.status === 201).map((a) => a.body.data as { message_id: string; total_cost: number });
    const acceptedBeforeKill = answers.filter((a) => a.status === 201 && a.at < killedAt).length;
    const rows = await db.execute<{ id: string; total_cost: string; charged: string | null }>(sql`
      select m.id, m.total_cost::text, (select -sum(l.amount) from wallet_ledger l where l.message_id = m.id and l.entry_type = 'charge')::text as charged
        from messages m where m.app_id = ${m.appId}`);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const missing = accepted.filter((a) => !byId.has(a.message_id));
    expect(missing).toEqual([]);
    for (const a of accepted) expect(money(byId.get(a.message_id)!.charged ?? 0).eq(money(String(a.total_cost))), a.message_id).toBe(true);
    for (const r of rows) expect(money(r.charged ?? 0).eq(r.total_cost), r.id).toBe(true);
    const [w] = await db.execute<{ balance: string; ledger: string }>(sql`
      select sum(w.balance)::text as balance, (select sum(amount) from wallet_ledger where organization_id = ${m.organizationId})::text as ledger
        from wallets w where w.organization_id = ${m.organizationId}`);
    expect(money(w.balance).eq(w.ledger)).toBe(true);

    // The worker kept its connector across the switch: every accepted send is delivered (receipts the SMSC never
    // had acknowledged are sent again, as an SMSC does; the acknowledged ones are not, so a lost one would stay `sent`).
    const ids = accepted.map((a) => a.message_id).join(',');
    const undelivered = async () => {
      const [r] = await db.execute<{ n: number }>(sql`
        select count(*)::int as n from message_recipients where message_id = any(string_to_array(${ids}, ',')) and state <> 'delivered'`);
      return r.n;
    };
    receipting = false;
    await receipts;
    await waitFor(
      async () => {
        for (const s of smsc.submits) if (s.messageId && !acked.has(s.messageId) && smsc.sessions.length) void smsc.receipt(s.messageId, 'DELIVRD').then((st) => st === 0 && acked.add(s.messageId!)).catch(() => {});
        return (await undelivered()) === 0;
      },
      90_000, 1000, 'every accepted send delivered',
    ).catch(() => {});
    const diagnosis = async () => {
      const byState = await db.execute<{ state: string; n: number }>(sql`
        select state, count(*)::int as n from message_recipients where message_id = any(string_to_array(${ids}, ',')) group by 1`);
      const jobs = await db.execute<{ task: string; n: number; err: string | null }>(sql`
        select task_identifier as task, count(*)::int as n, max(last_error) as err from graphile_worker.jobs group by 1`);
      return JSON.stringify({ byState, jobs, submits: smsc.submits.length, sessions: smsc.sessions.length, acked: acked.size }) + '\n' + svc!.output().slice(-6000);
    };
    expect(await undelivered(), await diagnosis()).toBe(0);
    const [lost] = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from message_recipients r join carrier_parts p on p.recipient_id = r.id
       where p.carrier_message_id = any(string_to_array(${[...ackedAtKill].join(',')}, ',')) and r.state <> 'delivered'`);
    expect(lost.n).toBe(0);

    // Submits answered before the switch and sent again after it: at most one window of the one session (D14).
    const seen = new Map<string, number>();
    for (const s of smsc.submits) seen.set(s.destination_addr, (seen.get(s.destination_addr) ?? 0) + 1);
    const twice = [...seen.values()].filter((k) => k > 1).length;
    expect(twice).toBeLessThanOrEqual(WINDOW);
    const deliveredAfterMs = Date.now() - killedAt;

    // Webhooks went on through the switch: every accepted send's sms.delivered arrived.
    await waitFor(async () => {
      const delivered = new Set(hookBodies.map((b) => JSON.parse(b)).filter((e) => e.event_type === 'sms.delivered').map((e) => e.message_id));
      return accepted.every((a) => delivered.has(a.message_id));
    }, 30_000, 250, 'every sms.delivered webhook').catch(() => {});
    const hooksAfterMs = Date.now() - killedAt;
    const delivered = new Set(hookBodies.map((b) => JSON.parse(b)).filter((e) => e.event_type === 'sms.delivered').map((e) => e.message_id));
    const webhookDiagnosis = async () => {
      const rows = await db.execute<{ state: string; leased: boolean; due: boolean; n: number }>(sql`
        select state, locked_until > now() as leased, next_attempt_at <= now() as due, count(*)::int as n
          from webhook_deliveries group by 1, 2, 3`).catch((e) => String(e));
      const jobs = await db.execute(sql`select task_identifier, run_at, attempts, locked_at, last_error from graphile_worker.jobs`).catch((e) => String(e));
      return `${JSON.stringify({ hooks: hookBodies.length, deliveries: rows, jobs })}\n${svc!.output().slice(-6000)}`;
    };
    const webhooksMissing = accepted.filter((a) => !delivered.has(a.message_id)).length;
    expect(webhooksMissing, await webhookDiagnosis()).toBe(0);

    expect(svc!.child.exitCode).toBeNull();
    console.log(
      `failover: ${answers.length} answers, ${accepted.length} accepted (${acceptedBeforeKill} before the kill), ` +
        `${answers.filter((a) => a.status === 503).length} x 503; 201 again ${backAfterMs} ms after the kill; ` +
        `${ackedAtKill.size} receipts acknowledged at the kill; ${twice} destinations submitted twice (window ${WINDOW}); ` +
        `every send delivered ${deliveredAfterMs} ms and every sms.delivered webhook in ${hooksAfterMs} ms after the kill; ` +
        `postgres.js pools replaced ${svc!.output().split('pools replaced').length - 1} times`,
    );
  }, 300_000);
});
