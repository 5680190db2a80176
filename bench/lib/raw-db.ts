import { randomUUID } from 'node:crypto';
import { Logger, run } from 'graphile-worker';
import postgres from 'postgres';

/**
 * Baselines without the service: hand-written postgres.js (prepared statements)
 * doing the writes of one POST /send in one transaction, and graphile-worker
 * running no-op jobs. They use the same database, merchants and pool size as
 * the service, so a ratio compares the service with the floor of its own writes.
 */
export type RawMerchant = { appId: string; organizationId: string; walletId: string; sendLimit: number };

let seq = 0;
const rid = (prefix: string) => `${prefix}_raw${process.pid}x${++seq}${Math.random().toString(36).slice(2, 8)}`;

/**
 * The writes of a send, in the order a hand-written loop would do them, in
 * one transaction: the rate-limit slot, the wallet lock and charge with its
 * ledger row, the message, its dispatch, one recipient row per number, the
 * dispatch job and the `sms.queued` event.
 */
export function rawSendWrites(sql: postgres.Sql, merchants: RawMerchant[], recipients: number) {
  const price = '0.0200';
  const cost = (Number(price) * recipients).toFixed(4);
  const rows = JSON.stringify(Array.from({ length: recipients }, (_, i) => ({ p: i, n: `+24382${String(Math.floor(i / 1000)).padStart(3, '0')}${5000 + (i % 1000)}`, c: price })));
  let turn = 0;
  return async () => {
    const m = merchants[turn++ % merchants.length];
    const messageId = rid('msg');
    const dispatchId = rid('dsp');
    await sql.begin(async (tx) => {
      await tx`select * from rl_take(${m.appId}, 'send', ${m.sendLimit}, null, 60, 30, 300)`;
      await tx`select id, type, balance from wallets where organization_id = ${m.organizationId} order by id for update`;
      await tx`
        with w as (
          update wallets set balance = balance - ${cost}::numeric, updated_at = now()
           where id = ${m.walletId} and balance - ${cost}::numeric >= 0
          returning id, organization_id, balance)
        insert into wallet_ledger (wallet_id, organization_id, entry_type, amount, balance_after, message_id, actor)
        select w.id, w.organization_id, 'charge', ${'-' + cost}::numeric, w.balance, ${messageId}, 'bench' from w`;
      await tx`
        insert into messages (id, organization_id, app_id, sending_type, body, encoding, segments, total_recipients,
                              dispatches_total, total_messages, total_cost, currency, next_dispatch_at)
        values (${messageId}, ${m.organizationId}, ${m.appId}, 'immediate', 'Your code is 123456', 'GSM-7', 1, ${recipients},
                1, ${recipients}, ${cost}::numeric, 'USD', now())`;
      await tx`insert into message_dispatches (id, message_id, seq, cost) values (${dispatchId}, ${messageId}, 0, ${cost}::numeric)`;
      await tx`
        insert into message_recipients (message_id, dispatch_id, position, phone, price)
        select ${messageId}, ${dispatchId}, r.p, r.n, r.c from json_to_recordset(${rows}::text::json) as r(p int, n text, c numeric)`;
      await tx`select graphile_worker.add_job('dispatch_message', ${JSON.stringify({ dispatch_id: dispatchId })}::text::json, job_key => ${dispatchId})`;
      await tx`
        insert into webhook_events (id, organization_id, app_id, message_id, event_type, payload)
        values (${randomUUID()}, ${m.organizationId}, ${m.appId}, ${messageId}, 'sms.queued', ${sql.json({ event_type: 'sms.queued', message_id: messageId })})`;
    });
  };
}

/**
 * The database work of one GET /status/{id}, hand-written: the key lookup and a slot of the status bucket in
 * one call of api_key_take (as the service does), then the message row. `reads` pairs a key digest with one
 * of its organization's message ids.
 */
export function rawStatusReads(sql: postgres.Sql, reads: Array<{ digest: string; organizationId: string; messageId: string }>) {
  let turn = 0;
  return async () => {
    const r = reads[turn++ % reads.length];
    const [key] = await sql`select * from api_key_take(${r.digest}, 'test', 'status', 1000000, null, 60, 30, 300)`;
    if (!key?.allowed) throw new Error('raw status: no slot');
    const [m] = await sql`select * from messages where id = ${r.messageId} and organization_id = ${r.organizationId} limit 1`;
    if (!m) throw new Error('raw status: no message');
  };
}

/** graphile-worker alone: `count` no-op jobs through a runner of `concurrency`, jobs per second from first start to last completion. */
export async function noopJobsPerSecond(url: string, count: number, concurrency: number): Promise<number> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  await sql`select graphile_worker.add_job('bench_noop', '{}'::json) from generate_series(1, ${count})`;
  await sql.end();
  let first = 0;
  let done = 0;
  let finished!: () => void;
  const allDone = new Promise<void>((r) => (finished = r));
  const runner = await run({
    connectionString: url,
    concurrency,
    noHandleSignals: true,
    pollInterval: 1000,
    taskList: { bench_noop: async () => {} },
    logger: new Logger(() => () => {}),
  });
  runner.events.on('job:start', () => {
    first ||= performance.now();
  });
  runner.events.on('job:complete', () => {
    if (++done === count) finished();
  });
  await allDone;
  const rate = (count - 1) / ((performance.now() - first) / 1000);
  await runner.stop();
  return rate;
}
