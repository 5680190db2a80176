import { randomUUID } from 'node:crypto';
import { Logger, run } from 'graphile-worker';
import postgres from 'postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { STATUS_READ_SQL } from '@/server/domain/messages/get-status';
import { chargeStatement } from '@/server/domain/wallets/charge';
import { arrayLiteral } from '@/server/lib/sql-arrays';
import { GroupCommit } from '@/server/lib/group-commit';

/**
 * Baselines without the service: hand-written postgres.js (prepared statements)
 * doing the writes of one POST /send in one transaction, and graphile-worker
 * running no-op jobs. They use the same database, merchants and pool size as
 * the service, so a ratio compares the service with the floor of its own writes.
 */
export type RawMerchant = { appId: string; organizationId: string; walletId: string; digest: string; sendLimit: number };

const dialect = new PgDialect();
let seq = 0;
const rid = (prefix: string) => `${prefix}_raw${process.pid}x${++seq}${Math.random().toString(36).slice(2, 8)}`;

/**
 * The database work of one POST /send, hand-written, with the service's statements in the service's order
 * and the same pipelining (server/domain/messages/send-message.ts; keep the two in step): the key and a
 * slot of the send bucket (api_key_take, alone, as the service calls it), then one transaction, shared with the
 * merchant's concurrent sends as the service shares it (GroupCommit, the service's own class): the sender's facts
 * (D22) pipelined with the organization's price rows; the recipients on the organization's opt-out list (D19, none
 * here); then the writes: the message, dispatch and recipient rows and the `sms.queued` event in one statement (an
 * immediate dispatch is queued as it is, no job); the charge (wallet lock, prepaid/postpaid split, ledger rows). The
 * charge is the service's own statement (chargeStatement).
 */
export function rawSendWrites(sql: postgres.Sql, merchants: RawMerchant[], recipients: number) {
  let turn = 0;
  const once = rawSendOnce(sql, recipients);
  return async () => {
    await once(merchants[turn++ % merchants.length]);
  };
}

/**
 * One send's writes (see rawSendWrites); returns the ids of the message and its dispatch, what the key's slot
 * left (the service's RateLimit-* headers) and the send's cost.
 */
export function rawSendOnce(sql: postgres.Sql, recipients: number, block = 0) {
  const price = '0.0200';
  const cost = (Number(price) * recipients).toFixed(4);
  const phones = Array.from({ length: recipients }, (_, i) => `+24382${String(block + Math.floor(i / 1000)).padStart(3, '0')}${5000 + (i % 1000)}`);
  const rows = JSON.stringify(phones.map((n, i) => ({ p: i, n, c: price, r: null })));
  const phoneArray = arrayLiteral(phones);
  // one merchant's concurrent sends commit together, as the service's do (server/lib/group-commit.ts, the same code)
  const groups = new GroupCommit<postgres.TransactionSql>((fn) => sql.begin(fn) as Promise<never>);
  return async (m: RawMerchant) => {
    const [key] = await sql`select * from api_key_take(${m.digest}, 'test', 'send', 1000, null, 60, 30, 300)`;
    if (!key?.allowed) throw new Error('raw send: no slot');
    const messageId = rid('msg');
    const dispatchId = rid('dsp');
    const at = new Date().toISOString();
    const eventId = randomUUID();
    const queued = JSON.stringify({ event_id: eventId, event_type: 'sms.queued', timestamp: at, message_id: messageId, data: { total_recipients: recipients } });
    const charge = dialect.sqlToQuery(chargeStatement({ organizationId: m.organizationId, total: cost, messageId, actor: 'bench' }));
    await groups.run(m.organizationId, {
      read: async (tx) => {
        await Promise.all([
          tx`select exists(select 1 from numbers where organization_id = ${m.organizationId} and number = 'ACME') as own_number,
                    exists(select 1 from sender_ids where organization_id = ${m.organizationId} and sender_id = 'ACME' and state = 'approved') as approved,
                    (select value from platform_settings where name = 'default_sender_id') as platform_default`,
          tx`select id, country, network, prefixes, price from pricing_rows where organization_id = ${m.organizationId}
             union all
             select id, country, network, prefixes, price from platform_price_rows
              where not exists (select 1 from pricing_rows where organization_id = ${m.organizationId})
             order by country, network, id`,
        ]);
        await tx`select phone from opt_outs where organization_id = ${m.organizationId} and phone = any(${phoneArray}::text[])`;
      },
      write: async (tx) => {
        await tx`
          with m as (
            insert into messages (id, organization_id, app_id, sending_type, sender_id, encoding, segments, total_recipients,
                                  dispatches_total, total_messages, total_cost, currency, next_dispatch_at, created_at, updated_at, channel)
            values (${messageId}, ${m.organizationId}, ${m.appId}, 'immediate', 'ACME', 'GSM-7', 1, ${recipients},
                    1, ${recipients}, ${cost}::numeric, 'USD', ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz, 'api')
            returning id
          ), d as (
            insert into message_dispatches (id, message_id, seq, dispatch_at, cost) values (${dispatchId}, ${messageId}, 0, null, ${cost}::numeric)
            returning id
          ), r as (
            insert into message_recipients (message_id, organization_id, dispatch_id, position, phone, price, pricing_row_id, updated_at)
            select ${messageId}, ${m.organizationId}, d.id, r.p, r.n, r.c, r.r, ${at}::timestamptz
              from d cross join json_to_recordset(${rows}::text::json) as r(p int, n text, c numeric, r text)
            returning id
          ), t as (
            -- the text, apart, keyed by the first recipient id (D24, as the service writes it)
            insert into message_texts (message_id, first_recipient_id, body) select ${messageId}, min(r.id), 'Your code is 123456' from r
          ), q as (
            insert into webhook_events (id, organization_id, app_id, message_id, event_type, payload, created_at, partition_month)
            values (${eventId}::uuid, ${m.organizationId}, ${m.appId}, ${messageId}, 'sms.queued', ${queued}::jsonb, ${at}::timestamptz,
                    date_trunc('month', ${at}::timestamptz, 'UTC'))
          )
          select webhook_url, webhook_username is not null as has_credentials from gateway_apps where id = ${m.appId}`;
        const [charged] = await tx.unsafe(charge.sql, charge.params as postgres.ParameterOrJSON<never>[], { prepare: true });
        if (!charged.covered) throw new Error('raw send: balance');
      },
    });
    return { messageId, dispatchId, cost, limit: Number(key.rl_limit), remaining: Number(key.remaining), resetSeconds: Number(key.reset_s) };
  };
}

/**
 * The pipeline's floor (issue 16): `sends` sends of `recipients` numbers written as rawSendOnce does, `sendLanes` at a
 * time (as the bench posts them), while `stepLanes` loops (the worker's concurrency) take each dispatch to terminal
 * with the same row transitions in sets as server/domain/delivery does, one transaction per step:
 *   dispatch: lock the dispatch and message, pending -> processing with the carrier label, sms.processing events,
 *             dispatch running, picked_up;
 *   submit:   processing -> sent, sms.sent events, the message's updated_at;
 *   receipts: sent -> delivered, sms.delivered events, delivered counter, dispatch done, dispatches_done.
 * No job queue between the steps (a step is taken as soon as a lane is free) and no webhook deliveries (the
 * merchant has no destination, as in the bench's pipeline phase). Recipients per second, first send to last terminal.
 */
export async function rawPipeline(
  sql: postgres.Sql,
  m: RawMerchant,
  o: { sends: number; recipients: number; sendLanes: number; stepLanes: number; block: number },
): Promise<number> {
  const ready: Array<{ messageId: string; dispatchId: string }> = [];
  const waiting: Array<() => void> = [];
  let sent = 0;
  let taken = 0;
  const t0 = performance.now();
  const sendLoop = async () => {
    while (sent < o.sends) {
      const i = sent++;
      ready.push(await rawSendOnce(sql, o.recipients, o.block + i)(m));
      waiting.shift()?.();
    }
  };
  const stepLoop = async () => {
    while (taken < o.sends) {
      const d = ready.shift();
      if (!d) {
        await new Promise<void>((r) => waiting.push(r));
        continue;
      }
      taken++;
      await rawDispatchSteps(sql, d);
    }
    for (const w of waiting.splice(0)) w();
  };
  await Promise.all([...Array.from({ length: o.sendLanes }, sendLoop), ...Array.from({ length: o.stepLanes }, stepLoop)]);
  return (o.sends * o.recipients) / ((performance.now() - t0) / 1000);
}

const ISO_NOW = `to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** The event rows of the recipients a CTE `mv` moved: the payload and partition month built as emitEvents builds them. */
const eventsOf = (type: string, extra: string) => `
    insert into webhook_events (id, organization_id, app_id, message_id, dispatch_id, recipient_id, event_type, partition_month, payload)
    select mv.eid, m.organization_id, m.app_id, mv.message_id, mv.dispatch_id, mv.id, '${type}', recipient_id_month(mv.id),
           jsonb_build_object('event_id', mv.eid, 'event_type', '${type}', 'timestamp', ${ISO_NOW}, 'message_id', mv.message_id,
             'data', jsonb_build_object('recipient_phone', mv.phone, 'carrier', mv.carrier${extra}, 'dispatch_at', null))
      from mv join messages m on m.id = mv.message_id
    returning 1`;
/** One step of the pipeline in one statement: the dispatch's rows in state `from` moved (`set`), and their events. */
const moveStep = (set: string, from: string, event: string, extra: string) => `
  with mv as (
    update message_recipients r set ${set}, updated_at = now()
     where r.dispatch_id = $1 and r.state = '${from}'
    returning r.id, r.message_id, r.dispatch_id, r.phone, r.carrier, gen_random_uuid() as eid
  ), ins as (${eventsOf(event, extra)})
  select count(*)::int as n from ins`;
const MOVE_PROCESSING = moveStep(
  `state = 'processing', carrier = 'sim-' || regexp_replace(lower(coalesce((select network from pricing_rows pr where pr.id = r.pricing_row_id), 'default')), '[^a-z0-9]+', '-', 'g')`,
  'pending',
  'sms.processing',
  '',
);
const MOVE_SENT = moveStep(`state = 'sent', sent_at = now()`, 'processing', 'sms.sent', `, 'sent_at', ${ISO_NOW}`);
const MOVE_DELIVERED = moveStep(`state = 'delivered', done_at = now()`, 'sent', 'sms.delivered', `, 'delivered_at', ${ISO_NOW}, 'segments', 1`);

export async function rawDispatchSteps(sql: postgres.Sql, d: { messageId: string; dispatchId: string }): Promise<void> {
  await rawDispatchToProcessing(sql, d);
  await sql.begin(async (tx) => {
    await tx`select id from message_dispatches where id = ${d.dispatchId} for update`;
    await tx.unsafe(MOVE_SENT, [d.dispatchId], { prepare: true });
    await tx`update messages set updated_at = now() where id = ${d.messageId}`;
  });
  await sql.begin(async (tx) => {
    await tx`select id from message_dispatches where id = ${d.dispatchId} for update`;
    const [{ n }] = await tx.unsafe(MOVE_DELIVERED, [d.dispatchId], { prepare: true });
    await tx`update messages set delivered = delivered + ${n}, dispatches_done = dispatches_done + 1, updated_at = now() where id = ${d.messageId}`;
    await tx`update message_dispatches set state = 'done', finished_at = now() where id = ${d.dispatchId}`;
  });
}

/**
 * The pipeline's first step alone (rawDispatchSteps' first transaction): the opt-out check, the dispatch's recipients pending ->
 * processing with their sms.processing events, the dispatch running, the message's picked_up. What a connector
 * then finds to submit.
 */
export async function rawDispatchToProcessing(sql: postgres.Sql, d: { messageId: string; dispatchId: string }): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`select d.id from message_dispatches d join messages m on m.id = d.message_id where d.id = ${d.dispatchId} for update of d, m`;
    // D19: the pending recipients now on the opt-out list (none here), as the hand-over reads them
    await tx`
      with c as materialized (select id, phone from message_recipients where dispatch_id = ${d.dispatchId} and state = 'pending'),
      o as (select phone from opt_outs where organization_id = (select organization_id from messages where id = ${d.messageId})
                                         and phone = any(array(select distinct phone from c)))
      select c.id from c join o on o.phone = c.phone`;
    const [{ n }] = await tx.unsafe(MOVE_PROCESSING, [d.dispatchId], { prepare: true });
    await tx`update message_dispatches set state = 'running', started_at = now() where id = ${d.dispatchId}`;
    await tx`update messages set picked_up = picked_up + ${n}, next_dispatch_at = null, updated_at = now() where id = ${d.messageId}`;
  });
}

/**
 * The database work of one GET /status/{id}, as the service does it: ONE statement, the same text (prepared
 * per connection, STATUS_READ_SQL), in which api_key_take checks the key and takes a slot of the status bucket
 * and the message row is read for that key's organization. `reads` pairs a key digest with one of its
 * organization's message ids.
 */
export function rawStatusReads(sql: postgres.Sql, reads: Array<{ digest: string; organizationId: string; messageId: string }>) {
  let turn = 0;
  return async () => {
    const r = reads[turn++ % reads.length];
    const [row] = await sql.unsafe(STATUS_READ_SQL, [r.digest, 'test', 'status', 1000000, null, 60, 30, 300, r.messageId], { prepare: true });
    if (!row?.allowed) throw new Error('raw status: no slot');
    if (row.organization_id !== r.organizationId || !row.m_id) throw new Error('raw status: no message');
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
