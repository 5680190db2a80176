import { randomBytes } from 'node:crypto';
import type postgres from 'postgres';
import type { Row } from './report';
import { cpuSeconds } from './rss';
import { admin, waitFor, type BenchMerchant } from './service';
import type { startReceiverChild } from './webhooks';

export type MoPhase = {
  sql: postgres.Sql;
  adminEnv: NodeJS.ProcessEnv;
  merchant: (name: string, extra?: string[]) => Promise<BenchMerchant>;
  receiver: Awaited<ReturnType<typeof startReceiverChild>>;
  send: (key: string, to: string[]) => Promise<string>;
  /** n distinct numbers of a block (the run's `numbers`). */
  numbers: (n: number, block: number) => string[];
  /** The service's processes (web, worker) for CPU. */
  roots: () => number[];
  log: (m: string) => void;
};

/** The bench merchant's number: a dedicated number (D18), not one the other phases send to. */
const NUMBER = '243990500000';
const WARM = 500;

/**
 * D18 MO ingest and delivery. The test SMSC (tests/carrier/smsc.ts, in this process) sends `n` MO deliver_sm (esm_class
 * 0, distinct texts from 1,000 senders) to a number assigned to a merchant app, 50 unanswered at most, to one SMPP
 * connector held by the worker; every MO is stored, routed, its sms.received event and its delivery to the app's
 * inbound_url (the receiver child) written before its deliver_sm_resp, so the figure runs from the first deliver_sm
 * to the last deliver_sm_resp. The receiver holds its answers meanwhile (the webhook scheduler's few requests wait),
 * so the figure is ingest alone; on release the backlog of sms.received is delivered and timed, then a backlog of
 * about as many send events (sends of 1,000 recipients, to the same receiver, through webhook_url) the same way.
 */
export async function moPhase(b: MoPhase, n: number): Promise<Row[]> {
  const { startSmsc } = await import('../../tests/carrier/smsc');
  const smsc = await startSmsc({ systemId: 'bench', password: 'benchpw1' });
  try {
    const m = await b.merchant('Bench mo');
    await assignNumber(b, m, NUMBER);
    await setInboundUrl(b, m, `${b.receiver.url}/mo`);
    await admin(b.adminEnv, 'add-connector', '--name', 'bench-mo', '--kind', 'smpp', '--host', '127.0.0.1', '--port', String(smsc.port),
      '--system-id', 'bench', '--password', 'benchpw1', '--window', '50', '--tps', '100000');
    await waitFor(async () => smsc.sessions.length > 0 && (await b.sql`select 1 from connector_leases l join connectors c on c.id = l.connector_id
       where c.name = 'bench-mo' and l.bound_sessions > 0 and l.expires_at > now()`).length > 0, 30_000, 100, 'the MO connector bound');
    const mo = (from: number) => (i: number) => ({
      source_addr: `24381${7000000 + ((from + i) % 1000)}`, destination_addr: NUMBER, short_message: Buffer.from(`Order ${from + i}: when does it ship?`, 'latin1'),
    });
    const received = () => b.receiver.stats();

    await b.receiver.reset();
    const warm = await smsc.moBurst(WARM, mo(0));
    await waitFor(async () => (await received()).count >= WARM, 60_000, 50, `${WARM} warm-up sms.received`);
    b.log(`mo: warm-up, ${WARM} MO in ${((warm.lastAt - warm.firstAt) / 1000).toFixed(2)} s`);

    await b.receiver.reset();
    await b.receiver.hold();
    const c0 = cpuSeconds(b.roots());
    const run = await smsc.moBurst(n, mo(1_000_000));
    const c1 = cpuSeconds(b.roots());
    const secs = (run.lastAt - run.firstAt) / 1000;
    const rate = n / secs;
    const [stored] = await b.sql<{ mo: number; deliveries: number }[]>`
      select (select count(*)::int from inbound_messages where organization_id = ${m.organization_id}) as mo,
             (select count(*)::int from webhook_deliveries d join webhook_events e on e.id = d.event_id and e.partition_month = d.partition_month
               where d.organization_id = ${m.organization_id} and e.event_type = 'sms.received') as deliveries`;
    if (run.refused || stored.mo !== WARM + n || stored.deliveries !== WARM + n) {
      throw new Error(`mo: ${run.refused} refused; ${stored.mo} MO stored and ${stored.deliveries} sms.received deliveries, expected ${WARM + n}`);
    }
    const per = (k: 'worker' | 'postgres' | 'self') => (((c1[k] - c0[k]) * 1000) / n).toFixed(3);
    b.log(`mo: ${n} MO stored with their sms.received deliveries in ${secs.toFixed(2)} s = ${rate.toFixed(0)} MO/s; ` +
      `CPU ms per MO: worker ${per('worker')}, postgres ${per('postgres')}, this process (the SMSC) ${per('self')}`);
    if (secs > 50) b.log(`mo: WARNING the receiver held its answers ${secs.toFixed(0)} s (WEBHOOK_TIMEOUT_MS 60 s): some deliveries may have timed out`);

    const inbound = await drain(b, n, 'sms.received');
    const sends = Math.ceil(n / 3001);
    const events = sends * (1 + 3 * 1000); // sms.queued, then per recipient sms.processing, sms.sent, sms.delivered
    const hooked = await b.merchant('Bench mo sends', ['--webhook-url', `${b.receiver.url}/hook`]);
    await b.receiver.reset();
    await b.receiver.hold();
    for (let i = 0; i < sends; i++) await b.send(hooked.api_key, b.numbers(1000, 400 + i));
    await waitFor(async () => {
      const [r] = await b.sql<{ n: number }[]>`select coalesce(sum(delivered + failed), 0)::int as n from messages where organization_id = ${hooked.organization_id}`;
      return r.n >= sends * 1000;
    }, 120_000, 20, `${sends * 1000} terminal recipients`);
    const sent = await drain(b, events, 'send events');
    b.log(`mo: sms.received delivered ${inbound.toFixed(0)} events/s, send events ${sent.toFixed(0)} events/s to the same receiver: ${(inbound / sent).toFixed(2)} x`);
    return [
      { figure: 'MO ingest: 1 SMPP connector, SMSC window 50, to stored + sms.received queued', unit: 'MO/s', value: rate, baseline: '-', baselineValue: null, target: '>= 2000', ok: rate >= 2000 },
      { figure: `sms.received delivered to inbound_url (backlog of ${n}, 1 merchant)`, unit: 'events/s', value: inbound, baseline: `send events to webhook_url, same receiver, backlog of ${events}`, baselineValue: sent, target: '(info)', ok: null },
    ];
  } finally {
    await smsc.close();
    await admin(b.adminEnv, 'update-connector', '--name', 'bench-mo', '--enabled', 'off').catch(() => {}); // its SMSC is gone
  }
}

/** Releases the held receiver and times the backlog of `count` events it then gets (events/s). */
async function drain(b: MoPhase, count: number, what: string): Promise<number> {
  const t0 = Date.now();
  await b.receiver.release();
  const stats = await waitFor(async () => {
    const s = await b.receiver.stats();
    return s.count >= count ? s : null;
  }, 180_000, 50, `${count} ${what}`);
  if (stats.distinct !== count) throw new Error(`mo: ${stats.distinct} distinct ${what} delivered, expected ${count}`);
  return count / ((stats.lastAt - t0) / 1000);
}

/** `npm run admin -- assign-number` where the CLI has it; else the numbers row as that command writes it. */
async function assignNumber(b: MoPhase, m: BenchMerchant, number: string): Promise<void> {
  try {
    await admin(b.adminEnv, 'assign-number', '--app-id', m.app_id, '--number', number);
  } catch (e) {
    b.log(`mo: assign-number failed (${firstLine(e)}): the numbers row is written with SQL`);
    await b.sql`insert into numbers (id, number, keyword, keyword_folded, app_id, organization_id)
      values (${`num_${randomBytes(8).toString('hex')}`}, ${number}, null, '', ${m.app_id}, ${m.organization_id})`;
  }
}

/** `npm run admin -- set-webhook --inbound-url` where the CLI has it; else the app's column with SQL. */
async function setInboundUrl(b: MoPhase, m: BenchMerchant, url: string): Promise<void> {
  try {
    await admin(b.adminEnv, 'set-webhook', '--app-id', m.app_id, '--inbound-url', url);
  } catch (e) {
    b.log(`mo: set-webhook --inbound-url failed (${firstLine(e)}): inbound_url is written with SQL`);
    await b.sql`update gateway_apps set inbound_url = ${url} where id = ${m.app_id}`;
  }
}

/** The CLI's complaint (its stderr's first line), for the log. */
function firstLine(e: unknown): string {
  const err = e as { stderr?: string; message?: string };
  return (err.stderr || err.message || String(e)).trim().split('\n')[0];
}
