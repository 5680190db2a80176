import type postgres from 'postgres';
import { analyzeMessage } from '../../shared/messages/segments';
import { DRC_MOBILE_PREFIXES, BULK_SIZE, HEAVY_PERMILLE, MONTHS, ORGANIZATIONS, type GrowthPlan } from './growth-plan';

/**
 * The growth bench's history, written in bulk with set-based SQL into a database the service's migrations made: a
 * year's worth of delivered sends as the pipeline leaves them, without going through the API (the figures are about
 * reading and writing beside that history, not about building it).
 *
 * What one delivered recipient leaves, and so what is written per recipient:
 * - message_recipients `delivered` (carrier = connector name, carrier_message_id, sent_at, done_at);
 * - webhook_events sms.processing, sms.sent, sms.delivered (the pipeline keeps every event, delivered or not);
 * - for the three organizations in four that have a webhook URL, one webhook_deliveries row per event (succeeded,
 *   one attempt) and its webhook_attempts row (204);
 * - carrier_parts (one per billed segment, receipt applied: stat DELIVRD) and the carrier_receipts row of each part.
 * Per send: messages (counters as the pipeline leaves them: picked_up = delivered = recipients, dispatches_done 1),
 * one message_dispatches row (done), the sms.queued event (and its delivery and attempt), and the wallet's charge.
 * Then MO: inbound_messages (one per 100 recipients, from phones of the pool) and their inbox_conversations.
 *
 * Each table has one statement below, reading the chunk's work tables (growth_msg, growth_rcpt) with every column
 * named, so a change of a table's shape (a partition key, an organization_id column) is a change of its one
 * statement. Ids are computed, not returned: recipient ids from the recipient index, event ids from md5 of the
 * recipient and type, so each statement stands alone.
 */

export type GrowthMerchant = { organizationId: string; appId: string; walletId: string };
export type FillResult = { seconds: number; recipients: number; messages: number; events: number; deliveries: number; inbound: number };

/** Realistic texts (30-160 characters; French with accents, one outside GSM-7), their encoding and segments as billed. */
const BODIES = [
  'Your verification code is 482913. It expires in 10 minutes.',
  'Votre code de vérification est 482913. Il expire dans 10 minutes.',
  'Cher client, votre paiement de 25 000 FC a été reçu. Merci de votre confiance.',
  'Rappel : votre facture du mois est disponible. Payez avant le 15 pour éviter les pénalités.',
  'PROMO: -20% sur tous les forfaits internet ce week-end seulement! Composez *123# pour en profiter.',
  'Your order #58213 has shipped and will arrive tomorrow between 9:00 and 12:00.',
  'Bonjour, votre rendez-vous est confirmé pour demain à 10h. Répondez STOP pour ne plus recevoir de messages.',
  'Alerte sécurité : une connexion à votre compte a été détectée depuis un nouvel appareil. Si ce n\'est pas vous, contactez-nous.',
  'Fête de fin d\'année : tarifs spéciaux pour nos clients fidèles, à découvrir en agence dès lundi.',
  'Your balance is low: 1.25 USD. Top up now to keep sending.',
].map((body) => ({ body, ...analyzeMessage(body) }));

const PRICE = '0.0200';

/** ISO 8601 text of a timestamptz, as the service writes event timestamps (toISOString). */
const iso = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** Phone k of the pool, as poolPhone (growth-plan.ts) writes it. */
const phoneSql = (k: string) =>
  `'+243' || (array['${DRC_MOBILE_PREFIXES.join("','")}'])[1 + (${k}) % 10] || lpad(((((${k}) / 10) * 7919 + 1234567) % 10000000)::text, 7, '0')`;
/** A uniform draw in [0, 1) from a number and a seed, the same on every run. */
const draw = (x: string, seed: number) => `((abs(hashint8extended((${x})::bigint, ${seed})) % 1000000) / 1000000.0)`;
/** The three per-recipient events, in the order the pipeline writes them, and the time column of each. */
const RECIPIENT_EVENTS = `(values (1, 'sms.processing', 'processing_at', null), (2, 'sms.sent', 'sent_at', 'sent_at'), (3, 'sms.delivered', 'done_at', 'delivered_at')) as t(k, type, at_col, field)`;

export async function fillGrowth(pool: postgres.Sql, plan: GrowthPlan, merchants: GrowthMerchant[], log: (m: string) => void): Promise<FillResult> {
  const t0 = performance.now();
  // One session for the whole fill. Its rows are consistent by construction, so the foreign keys' per-row checks
  // (wallet_ledger -> wallets, inbound_messages -> organizations and gateway_apps) are left out as a bulk load does
  // (session_replication_role: replica); no commit waits for its WAL flush; sorts get the memory they need.
  const sql = await pool.reserve();
  try {
    await sql`set session_replication_role = replica`;
    await sql`set synchronous_commit = off`;
    await sql`set work_mem = '256MB'`;
    await createOrganizations(sql, merchants);
    await layOutHistory(sql, log);
    for (const [i, chunk] of plan.chunks.entries()) {
      const c0 = performance.now();
      await chunkTables(sql, plan, chunk);
      await insertSends(sql);
      await insertEvents(sql);
      await insertDeliveries(sql);
      await insertCarrierRows(sql);
      await chargeWallets(sql);
      log(`growth fill: chunk ${i + 1}/${plan.chunks.length}: sends ${chunk.from}-${chunk.to - 1} and their recipients in ${((performance.now() - c0) / 1000).toFixed(0)} s`);
    }
    // the sequence goes on after the history's newest id, in this month's block
    await sql`select setval(pg_get_serial_sequence('message_recipients', 'id'), (select max(id) from message_recipients))`;
    await insertInbound(sql, plan);
    // A live database's consumers of webhook_events (event-consumers.ts) took each terminal event when it was written.
    // The fill's events carry the fill's transaction ids, past every consumer's position: left so, the SMPP listener's
    // receipts consumer would read the whole history (10 million terminal events, a probe of messages each, about a
    // minute of a core and 2.5 GB of reads) in the middle of the measurements.
    await sql`update event_consumers set done_below = pg_snapshot_xmin(pg_current_snapshot()), updated_at = now()`;
    await sql`drop table if exists growth_msg, growth_rcpt, growth_org, growth_body`;
    await sql`reset session_replication_role`;
  } finally {
    sql.release();
  }
  // A database live for a year has been vacuumed (pages all-visible, tuples frozen) and analysed by autovacuum. A
  // fresh bulk load has not: left as it is, autovacuum would start on each filled table (its insert threshold) in
  // the middle of the measurements and take a core from them.
  log('growth fill: VACUUM (ANALYZE) (an operator\'s database is vacuumed and analysed by autovacuum)');
  await pool`vacuum (analyze)`;
  const [counts] = await pool<{ events: number; deliveries: number; inbound: number }[]>`
    select (select count(*)::int from webhook_events) as events, (select count(*)::int from webhook_deliveries) as deliveries,
           (select count(*)::int from inbound_messages) as inbound`;
  return { seconds: (performance.now() - t0) / 1000, recipients: plan.rows, messages: plan.messages, ...counts };
}

/**
 * ORGANIZATIONS organizations: the bench's own merchants first (the first is the heavy one), then as many more as
 * needed, each with a funded prepaid wallet (its top-up in the ledger), a live app and a key digest (never used).
 * growth_org lists them all with the webhook URL their history was delivered to (three in four have one).
 */
async function createOrganizations(sql: postgres.Sql, merchants: GrowthMerchant[]): Promise<void> {
  const more = ORGANIZATIONS - merchants.length;
  await sql`create unlogged table growth_org (idx int primary key, organization_id text, app_id text, wallet_id text, webhook_url text, currency text)`;
  await sql`insert into organizations (id, name, created_at, updated_at)
    select 'org_growth' || lpad(i::text, 12, '0'), 'Growth merchant ' || i, now() - interval '400 days', now() - interval '400 days'
      from generate_series(1, ${more}) i`;
  await sql`insert into wallets (id, organization_id, type, currency, balance, created_at, updated_at)
    select 'wal_growth' || lpad(i::text, 12, '0'), 'org_growth' || lpad(i::text, 12, '0'), 'SVC_SMS', 'USD', 10000000, now() - interval '400 days', now()
      from generate_series(1, ${more}) i`;
  await sql`insert into wallet_ledger (wallet_id, organization_id, entry_type, amount, balance_after, actor, note, created_at)
    select 'wal_growth' || lpad(i::text, 12, '0'), 'org_growth' || lpad(i::text, 12, '0'), 'top_up', 10000000, 10000000, 'operator:growth-bench', 'growth bench', now() - interval '400 days'
      from generate_series(1, ${more}) i`;
  await sql`insert into gateway_apps (id, organization_id, name, environment, status, key_digest, key_prefix, key_last4, webhook_url, created_at, updated_at)
    select 'app_growth' || lpad(i::text, 12, '0'), 'org_growth' || lpad(i::text, 12, '0'), 'Production', 'live', 'allowed',
           md5('growth key ' || i) || md5('growth key digest ' || i), 'sk_live_', right(md5('growth key ' || i), 4),
           case when i % 4 <> 0 then 'https://hooks.example.com/growth/' || i end, now() - interval '400 days', now()
      from generate_series(1, ${more}) i`;
  await sql`insert into growth_org (idx, organization_id, app_id, wallet_id, webhook_url, currency)
    select x.idx - 1, x.o, x.a, x.w, 'https://hooks.example.com/bench/' || x.idx, 'USD'
      from jsonb_to_recordset(${sql.json(merchants.map((m, i) => ({ idx: i + 1, o: m.organizationId, a: m.appId, w: m.walletId })))})
        as x(idx int, o text, a text, w text)`;
  await sql`insert into growth_org (idx, organization_id, app_id, wallet_id, webhook_url, currency)
    select ${merchants.length} + i - 1, o.id, a.id, w.id, a.webhook_url, w.currency
      from generate_series(1, ${more}) i
      join organizations o on o.id = 'org_growth' || lpad(i::text, 12, '0')
      join gateway_apps a on a.organization_id = o.id
      join wallets w on w.organization_id = o.id`;
  await sql`insert into connectors (id, name, kind, enabled, host, system_id)
    select 'con_growth_' || c, 'growth-' || c, 'smpp', false, '', c from unnest(array['vodacom', 'orange', 'africell', 'airtel']) c`;
  await sql`create unlogged table growth_body (k int primary key, body text, encoding text, segments int)`;
  await sql`insert into growth_body (k, body, encoding, segments)
    select b.k, b.body, b.encoding, b.segments
      from jsonb_to_recordset(${sql.json(BODIES.map((b, k) => ({ k, body: b.body, encoding: b.encoding, segments: b.segments })))})
        as b(k int, body text, encoding text, segments int)`;
}

/** The first recipient id of the block of a timestamp's month (D24: recipient_id_month's inverse). */
const blockOf = (at: string) =>
  `(((extract(year from (${at}) at time zone 'UTC')::int - 2000) * 12 + extract(month from (${at}) at time zone 'UTC')::int - 1)::bigint << 40)`;
/** The history's first month: its oldest send, a day and MONTHS x 30 days ago (chunkTables). */
const HISTORY_FROM = `date_trunc('month', (now() - interval '1 day' - interval '${MONTHS * 30} days') at time zone 'UTC')`;

/**
 * D24: a database live for a year has a partition per month of its history, each table's first partition (FROM
 * MINVALUE, the rows from before partitioning) long dropped by the retention; a freshly migrated one has only that
 * first partition, empty, and the months from this one on. Each partitioned table's empty first partition is dropped
 * and the history's months made, as the maintenance would have made them month after month (a timestamp's month, or
 * a month's block of recipient ids), with the storage parameters of its newest partition, so that reads and the
 * retention's drop meet the partitions a year leaves.
 */
async function layOutHistory(sql: postgres.Sql, log: (m: string) => void): Promise<void> {
  const tables = await sql<{ parent: string; key: string; by_id: boolean; own_key: boolean }[]>`
    select p.relname as parent, a.attname as key, a.atttypid = 'bigint'::regtype as by_id,
           not exists (select 1 from pg_constraint k where k.conrelid = p.oid and k.contype = 'p') as own_key
      from pg_partitioned_table t join pg_class p on p.oid = t.partrelid
      join pg_attribute a on a.attrelid = p.oid and a.attnum = t.partattrs[0]
     where p.relnamespace = 'public'::regnamespace order by 1`;
  for (const t of tables) {
    const [first] = await sql<{ name: string }[]>`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
       where i.inhparent = ${t.parent}::regclass and pg_get_expr(c.relpartbound, c.oid) like 'FOR VALUES FROM (MINVALUE)%'`;
    if (first) {
      const [{ n }] = await sql.unsafe<{ n: number }[]>(`select count(*)::int as n from "${first.name}"`);
      if (n) throw new Error(`growth fill: ${first.name} is not empty`);
      await sql.unsafe(`drop table "${first.name}"`);
    }
    const bound = (m: string) => (t.by_id ? blockOf(m) : m);
    const made = await sql.unsafe<{ name: string }[]>(`
      with newest as (
        select c.reloptions from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = '${t.parent}'::regclass
         order by c.relname desc limit 1
      ), months as (
        select (g at time zone 'UTC') as m, ((g + interval '1 month') at time zone 'UTC') as e, to_char(g, 'YYYYMM') as tag
          from generate_series(${HISTORY_FROM}, date_trunc('month', now() at time zone 'UTC'), interval '1 month') g
      )
      select format('create table %I partition of %I %s for values from (%L) to (%L) %s', '${t.parent}_p' || tag, '${t.parent}',
                    ${t.own_key ? `'(primary key (id))'` : `''`}, ${bound('m')}, ${bound('e')},
                    coalesce('with (' || array_to_string((select reloptions from newest), ', ') || ')', '')) as name
        from months where to_regclass('${t.parent}_p' || tag) is null`);
    for (const { name: ddl } of made) await sql.unsafe(ddl);
    log(`growth fill: ${t.parent}: ${made.length} months of history partitioned${first ? `, its empty ${first.name} dropped` : ''}`);
  }
}

/**
 * The chunk's sends (growth_msg) and recipients (growth_rcpt). Send n: the heavy merchant for HEAVY_PERMILLE of
 * them, else one of the others; created evenly over MONTHS months up to a day ago. Recipient phones are drawn from
 * the pool with a square law (low k far more often), so popular phones recur across sends and organizations. A
 * recipient's id is in the block of its send's month (D24), numbered within it by its place in the history.
 */
async function chunkTables(sql: postgres.Sql, plan: GrowthPlan, chunk: { from: number; to: number }): Promise<void> {
  await sql`drop table if exists growth_msg, growth_rcpt`;
  const span = `interval '${MONTHS * 30} days'`;
  await sql.unsafe(`
    create unlogged table growth_msg as
    select n, 'msg_growth' || lpad(n::text, 12, '0') as id, 'dsp_growth' || lpad(n::text, 12, '0') as dispatch_id,
           o.organization_id, o.app_id, o.wallet_id, o.webhook_url, o.currency, b.body, b.encoding, b.segments,
           x.size, x.first, now() - interval '1 day' - ${span} + ${span} * (n + 0.5) / ${plan.messages} as created_at,
           (case when x.size > 1 then 'dashboard' else 'api' end) as channel,
           (${PRICE}::numeric * b.segments * x.size) as total_cost
      from generate_series(${chunk.from}::bigint, ${chunk.to - 1}::bigint) n
     cross join lateral (select floor(n * ${plan.bulks}::numeric / ${plan.messages})::bigint as before,
                                floor((n + 1) * ${plan.bulks}::numeric / ${plan.messages})::bigint as upto) c
     cross join lateral (select n + c.before * ${BULK_SIZE - 1} as first, case when c.upto > c.before then ${BULK_SIZE} else 1 end as size) x
      join growth_org o on o.idx = case when abs(hashint8extended(n, 1)) % 1000 < ${HEAVY_PERMILLE} then 0
                                        else 1 + abs(hashint8extended(n, 2)) % ${ORGANIZATIONS - 1} end
      join growth_body b on b.k = abs(hashint8extended(n, 3)) % ${BODIES.length}`);
  await sql.unsafe(`
    create unlogged table growth_rcpt as
    select ${blockOf('m.created_at')} + m.first + p + 1 as rid, m.id as message_id, m.dispatch_id, m.organization_id, m.app_id, m.webhook_url,
           m.segments, p as position, r.k, ${phoneSql('r.k')} as phone,
           'growth-' || (array['vodacom', 'vodacom', 'vodacom', 'orange', 'orange', 'orange', 'africell', 'airtel', 'airtel', 'airtel'])[1 + r.k % 10] as carrier,
           m.created_at, m.created_at + interval '200 milliseconds' as processing_at,
           m.created_at + interval '1 second' * (0.3 + 2 * ${draw(`m.first + p`, 4)}) as sent_at,
           m.created_at + interval '1 second' * (3 + 20 * ${draw(`m.first + p`, 5)}) as done_at
      from growth_msg m
     cross join generate_series(0, m.size - 1) p
     cross join lateral (select floor(${plan.phonePool} * power(${draw(`m.first + p`, 6)}, 1.5))::bigint as k) r`);
}

/** The carrier's id of a recipient's part (hex, as SMSCs commonly write them). */
const partId = (rid: string, part: string) => `to_hex(${rid} * 8 + ${part} + 1099511627776)`;
/** A recipient event's id: the same in the events, deliveries and attempts statements. */
const eventId = (rid: string, type: string) => `md5('growth ' || ${rid} || ' ' || ${type})::uuid`;
const queuedId = (messageId: string) => `md5('growth queued ' || ${messageId})::uuid`;

async function insertSends(sql: postgres.Sql): Promise<void> {
  await sql`
    insert into messages (id, organization_id, app_id, sending_type, first_recipient_id, sender_id, encoding, segments, total_recipients,
                          dispatches_total, total_messages, total_cost, refunded_amount, currency, callback_url, schedule, channel,
                          control_state, picked_up, delivered, failed, cancelled, dispatches_done, next_dispatch_at, created_at, updated_at)
    select m.id, m.organization_id, m.app_id, 'immediate', ${sql.unsafe(blockOf('m.created_at'))} + m.first + 1, 'INFO', m.encoding, m.segments, m.size,
           1, m.size * m.segments, m.total_cost, 0, m.currency, null, null, m.channel,
           'active', m.size, m.size, 0, 0, 1, m.created_at, m.created_at, m.created_at + interval '25 seconds'
      from growth_msg m order by m.n`;
  // each send's text, keyed by its first recipient id (D24: in its recipients' month's partition)
  await sql`
    insert into message_texts (message_id, first_recipient_id, body, original_body)
    select m.id, ${sql.unsafe(blockOf('m.created_at'))} + m.first + 1, m.body, null
      from growth_msg m order by m.n`;
  await sql`
    insert into message_dispatches (id, message_id, seq, dispatch_at, state, cost, started_at, refunded_at, finished_at, created_at, first_recipient_id)
    select m.dispatch_id, m.id, 0, null, 'done', m.total_cost, m.created_at, null, m.created_at + interval '25 seconds', m.created_at,
           ${sql.unsafe(blockOf('m.created_at'))} + m.first + 1
      from growth_msg m order by m.n`;
  await sql.unsafe(`
    insert into message_recipients (id, message_id, organization_id, dispatch_id, position, phone, price, pricing_row_id, state, carrier, carrier_message_id,
                                    error_code, error_message, sent_at, done_at, updated_at)
    select r.rid, r.message_id, r.organization_id, r.dispatch_id, r.position, r.phone, ${PRICE}, null, 'delivered', r.carrier, ${partId('r.rid', '1')},
           null, null, r.sent_at, r.done_at, r.done_at
      from growth_rcpt r order by r.rid`);
}

/**
 * The events, each with its partition month as the service computes it (D24): an sms.queued its send's accepted month,
 * a recipient's event its recipient's (recipient_id_month of the id).
 */
async function insertEvents(sql: postgres.Sql): Promise<void> {
  await sql.unsafe(`
    insert into webhook_events (id, organization_id, app_id, message_id, dispatch_id, recipient_id, inbound_id, event_type, payload, created_at,
                                partition_month)
    select ${queuedId('m.id')}, m.organization_id, m.app_id, m.id, null, null, null, 'sms.queued',
           jsonb_build_object('event_id', ${queuedId('m.id')}, 'event_type', 'sms.queued', 'timestamp', ${iso('m.created_at')}, 'message_id', m.id,
                              'data', jsonb_build_object('total_recipients', m.size, 'total_messages', m.size * m.segments,
                                                         'total_cost', m.total_cost::text, 'currency', m.currency, 'scheduled_at', null)),
           m.created_at, date_trunc('month', m.created_at, 'UTC')
      from growth_msg m order by m.n`);
  await sql.unsafe(`
    insert into webhook_events (id, organization_id, app_id, message_id, dispatch_id, recipient_id, inbound_id, event_type, payload, created_at,
                                partition_month)
    select ${eventId('r.rid', 't.type')}, r.organization_id, r.app_id, r.message_id, r.dispatch_id, r.rid, null, t.type,
           jsonb_build_object('event_id', ${eventId('r.rid', 't.type')}, 'event_type', t.type, 'timestamp', ${iso('e.at')}, 'message_id', r.message_id,
                              'data', jsonb_build_object('recipient_phone', r.phone, 'carrier', r.carrier)
                                      || case when t.field is null then '{}'::jsonb else jsonb_build_object(t.field, ${iso('e.at')}) end
                                      || jsonb_build_object('dispatch_at', null)),
           e.at, recipient_id_month(r.rid)
      from growth_rcpt r
     cross join ${RECIPIENT_EVENTS}
     cross join lateral (select case t.k when 1 then r.processing_at when 2 then r.sent_at else r.done_at end as at) e
     order by e.at`);
}

/**
 * One succeeded delivery per event of an organization with a webhook URL (with its event's partition month, as
 * insertEvents computes it), and its one attempt (204).
 */
async function insertDeliveries(sql: postgres.Sql): Promise<void> {
  const events = `
    select ${queuedId('m.id')} as event_id, m.organization_id, m.app_id, m.webhook_url, m.created_at as at,
           date_trunc('month', m.created_at, 'UTC') as partition_month
      from growth_msg m where m.webhook_url is not null
    union all
    select ${eventId('r.rid', 't.type')}, r.organization_id, r.app_id, r.webhook_url,
           case t.k when 1 then r.processing_at when 2 then r.sent_at else r.done_at end, recipient_id_month(r.rid)
      from growth_rcpt r cross join ${RECIPIENT_EVENTS} where r.webhook_url is not null`;
  await sql.unsafe(`
    insert into webhook_deliveries (id, event_id, organization_id, app_id, url, use_basic_auth, state, attempts, next_attempt_at, locked_until,
                                    last_status_code, last_error, created_at, updated_at, partition_month)
    select 'whd_' || left(md5(e.event_id::text), 22), e.event_id, e.organization_id, e.app_id, e.webhook_url, false, 'succeeded', 1, null, null,
           204, null, e.at, e.at + interval '80 milliseconds', e.partition_month
      from (${events}) e order by e.at`);
  await sql.unsafe(`
    insert into webhook_attempts (delivery_id, attempted_at, status_code, latency_ms, error, response_body)
    select 'whd_' || left(md5(e.event_id::text), 22), e.at + interval '30 milliseconds', 204, 20 + abs(hashint8extended(extract(epoch from e.at)::bigint, 7)) % 180, null, ''
      from (${events}) e order by e.at`);
}

/** What an SMPP connector records: each billed part accepted, its receipt applied (DELIVRD), and the receipt itself. */
async function insertCarrierRows(sql: postgres.Sql): Promise<void> {
  await sql.unsafe(`
    insert into carrier_parts (recipient_id, connector_id, part_no, parts_total, carrier_message_id, receipt_key, stat, err, accepted_at)
    select r.rid, 'con_' || replace(r.carrier, '-', '_'), p, r.segments, ${partId('r.rid', 'p')}, ${partId('r.rid', 'p')}, 'DELIVRD', '000', r.sent_at
      from growth_rcpt r cross join generate_series(1, r.segments) p order by r.rid, p`);
  await sql.unsafe(`
    insert into carrier_receipts (connector_id, carrier_message_id, receipt_key, stat, err, received_at, applied_at)
    select 'con_' || replace(r.carrier, '-', '_'), ${partId('r.rid', 'p')}, ${partId('r.rid', 'p')}, 'DELIVRD', '000', r.done_at, r.done_at
      from growth_rcpt r cross join generate_series(1, r.segments) p order by r.done_at`);
}

/** Each send's charge in its wallet's ledger, balance_after running from the wallet's balance; then the balance. */
async function chargeWallets(sql: postgres.Sql): Promise<void> {
  await sql`
    insert into wallet_ledger (wallet_id, organization_id, entry_type, amount, balance_after, message_id, actor, note, created_at)
    select m.wallet_id, m.organization_id, 'charge', -m.total_cost,
           w.balance - sum(m.total_cost) over (partition by m.wallet_id order by m.n), m.id, 'api:' || m.app_id, null, m.created_at
      from growth_msg m join wallets w on w.id = m.wallet_id order by m.n`;
  await sql`
    update wallets w set balance = w.balance - s.total, updated_at = now()
      from (select wallet_id, sum(total_cost) as total from growth_msg group by wallet_id) s
     where w.id = s.wallet_id`;
}

/**
 * MO from phones of the pool (the popular ones most often) to the organizations in the sends' proportions, over the
 * same months; then one Inbox conversation per organization and phone (its last activity: its latest MO; four in
 * five read through it, the others' MO all unread).
 */
async function insertInbound(sql: postgres.Sql, plan: GrowthPlan): Promise<void> {
  const span = `interval '${MONTHS * 30} days'`;
  await sql.unsafe(`
    insert into inbound_messages (id, organization_id, app_id, from_phone, to_number, keyword, text, encoding, segments, complete, carrier,
                                  connector_id, received_at, in_reply_to, opt_out, created_at)
    select 'in_growth' || lpad(i::text, 12, '0'), o.organization_id, o.app_id, ${phoneSql(`floor(${plan.phonePool} * power(${draw("i", 8)}, 1.5))::bigint`)},
           '2439905' || lpad(o.idx::text, 5, '0'), null,
           (array['Merci, bien reçu.', 'Quand est-ce que ma commande arrive ?', 'OK', 'Je voudrais parler à un conseiller svp', 'Is the offer still valid?'])[1 + i % 5],
           'gsm7', 1, true, 'growth-vodacom', 'con_growth_vodacom', x.at, null, null, x.at
      from generate_series(1, ${plan.inbound}) i
     cross join lateral (select now() - interval '1 day' - ${span} + ${span} * ${draw('i', 9)} as at) x
      join growth_org o on o.idx = case when abs(hashint8extended(i, 10)) % 1000 < ${HEAVY_PERMILLE} then 0
                                        else 1 + abs(hashint8extended(i, 11)) % ${ORGANIZATIONS - 1} end`);
  await sql`
    insert into inbox_conversations (organization_id, phone, last_inbound_at, last_activity_at, read_through, unread_count, created_at)
    select organization_id, from_phone, last_at, last_at, case when read then last_at end, case when read then 0 else least(n, 100) end, first_at
      from (select organization_id, from_phone, max(received_at) as last_at, min(received_at) as first_at, count(*) as n,
                   abs(hashtext(organization_id || from_phone)) % 5 <> 0 as read
              from inbound_messages where id like 'in_growth%' group by organization_id, from_phone) c`;
}
