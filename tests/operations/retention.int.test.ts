import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '@/server/cli/run-cli';
import { createPipeline } from '@/server/domain/delivery/pipeline';
import { listConversations } from '@/server/domain/inbox/list-conversations';
import { getMessageDetail } from '@/server/domain/messages/get-message-detail';
import { listMessages } from '@/server/domain/messages/list-messages';
import { getRetentionStatus } from '@/server/domain/retention/get-retention-status';
import { maintainPartitions, type MaintenanceResult } from '@/server/domain/retention/maintain-partitions';
import { listDetachedLeftovers, listPartitions, type Partition } from '@/server/domain/retention/partitions';
import { createTaskList } from '@/server/jobs/task-list';
import { collectDbGauges } from '@/server/metrics/db-gauges';
import { retentionLastRun, retentionOldestKept, retentionPartitionsDropped } from '@/server/metrics/registry';
import type { SystemStatus } from '@/shared/contracts/operations';
import { assignNumber } from '../carrier/inbound-helpers';
import { closePools, makeMerchant, restClient, testDeps, testEnv } from '../helpers';
import { drain, withSimulator } from '../pipeline/drain';
import { waitFor } from '../reliability/service';
import { startReceiver } from '../webhooks/receiver';

/**
 * D24 on a real database: a send made today, its recipients and a carrier part, its events, deliveries and webhook
 * attempts, a carrier receipt and an MO; a send in each of the two months after, each after that month's first
 * maintenance moved the recipient ids to its block (its recipients, events and deliveries in that month's
 * partitions); then the maintenance runs with a clock 401 days after the first partition's end (the clock passed in,
 * not waited for). Those partitions, and this month's block of recipients with its carrier parts, go whole, the ledger
 * stays and still sums to the balances, GET /status of the old send answers 404 `Message expired`, sends and MO made
 * during and after the drop work, the months ahead exist, and a rerun changes nothing. A month later the first
 * month's recipients, events and deliveries go whole too, the next month's stay.
 */
const DAY = 86_400_000;
let now = new Date();
const env = testEnv({ CARRIER_SIM_DELAY_MS: '0' });
const deps = testDeps({ env, clock: () => now });
const { db } = deps;
const call = restClient(deps);
/** The maintenance's session: a connection of a `pg` pool, as the worker gives it one of graphile-worker's. */
const sessions = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 3 });
const maintain = async (at: Date, retentionDays = 400) => {
  const client = await sessions.connect();
  try {
    return await maintainPartitions(db, client, { now: at, retentionDays });
  } finally {
    client.release();
  }
};
const tasks = withSimulator(createTaskList(() => createPipeline(db, env, () => now)), db, env, () => now);
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let m: Awaited<ReturnType<typeof makeMerchant>>;
let oldId: string;
/** Sends in the first and the second month after the first partition's (their events in those months' partitions). */
let expiringId: string;
let keptId: string;
let firstEnd: Date;
let newestBefore: Date;
let thisMonth: string;
let legacyIds: MaintenanceResult;
let future: Date;
let ahead: MaintenanceResult;
let first: MaintenanceResult;
let ledgerBefore: { id: number; entry_type: string; amount: string; message_id: string | null }[];
const duringIds: string[] = [];

const NUMBER = '243990300001';
const mo = async (from: string, text: string) => {
  const r = await call('POST', '/inbound/simulate', { key: m.apiKey, body: { from, to: NUMBER, text } });
  expect(r.status).toBe(202);
  return r.body.data.inbound_id as string;
};
/** The Messages page's text of each send (its body_preview), in the order of `ids`. */
const texts = async (ids: string[]) => {
  const page = await listMessages(db, { id: m.organizationId, timezone: 'UTC', defaultCountry: 'CD' }, {}, { direction: 'next', limit: 100 });
  return ids.map((id) => page.items.find((i) => i.message_id === id)?.body_preview);
};
const inbox = async () => (await listConversations(db, { id: m.organizationId, timezone: 'UTC' }, { limit: 25 })).items.map((c) => [c.phone, c.last_inbound.text]);
const send = async (to: string[]) => {
  const r = await call('POST', '/send', { key: m.apiKey, body: { to, message: 'Hello' } });
  expect(r.status).toBe(201);
  return r.body.data.message_id as string;
};
const ledger = () =>
  db.execute<{ id: number; entry_type: string; amount: string; message_id: string | null }>(sql`
    select id, entry_type, amount::text, message_id from wallet_ledger where organization_id = ${m.organizationId} order by id`);
/** The first day of the month `months` after `d`'s month (UTC). */
const monthStart = (d: Date, months = 0) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
const byTable = (ps: Partition[], table: string) => ps.filter((p) => p.table === table);
/** A monthly partition's suffix: `202702` for February 2027. */
const yyyymm = (d: Date) => d.toISOString().slice(0, 7).replace('-', '');
const TABLES = ['webhook_attempts', 'carrier_receipts', 'inbound_messages', 'webhook_events', 'webhook_deliveries'];
/** The tables partitioned by month's block of recipient ids. */
const BY_ID = ['message_recipients', 'carrier_parts', 'message_texts'];
/** The partitions holding a send's recipients. */
const recipientParts = async (messageId: string) =>
  (await db.execute<{ part: string }>(sql`select distinct tableoid::regclass::text as part from message_recipients where message_id = ${messageId}`)).map((r) => r.part);
/** Where a send's events and deliveries are, partition by partition. */
const eventRows = (messageId: string) =>
  db.execute<{ part: string; events: number; deliveries: number }>(sql`
    select e.tableoid::regclass::text as part, count(distinct e.id)::int as events, count(d.id)::int as deliveries
      from webhook_events e left join webhook_deliveries d on d.event_id = e.id and d.partition_month = e.partition_month
     where e.message_id = ${messageId} group by 1 order by 1`);
beforeAll(async () => {
  receiver = await startReceiver({ '/ok': () => ({ status: 200 }) });
  m = await makeMerchant(db, env, { name: 'Acme', prepaid: '10', webhook: { url: `${receiver.url}/ok` } });
  oldId = await send(['+243810005555', '+243820005555']);
  await drain(db, tasks);
  const [{ n }] = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.organization_id = ${m.organizationId}`);
  expect(n).toBe(7); // sms.queued, then each recipient's sms.processing, sms.sent and sms.delivered
  await db.execute(sql`insert into carrier_receipts (connector_id, carrier_message_id, receipt_key, stat) values ('con_x', 'abc', 'abc', 'DELIVRD')`);
  const [firstRow] = await db.execute<{ id: string }>(sql`select min(id)::text as id from message_recipients where message_id = ${oldId}`);
  await db.execute(sql`
    insert into carrier_parts (recipient_id, connector_id, part_no, parts_total, carrier_message_id, receipt_key, stat)
    values (${firstRow.id}::bigint, 'con_x', 1, 1, 'abc', 'abc', 'DELIVRD')`);
  thisMonth = yyyymm(now);
  const [where] = await db.execute<{ parts: string[] }>(sql`
    select array(select distinct tableoid::regclass::text from carrier_parts where recipient_id = ${firstRow.id}::bigint) as parts`);
  expect([await recipientParts(oldId), where.parts]).toEqual([[`message_recipients_p${thisMonth}`], [`carrier_parts_p${thisMonth}`]]);
  await assignNumber(db, m, NUMBER);
  await mo('+243810005555', 'Old question');
  expect(await inbox()).toEqual([['+243810005555', 'Old question']]);
  const before = byTable(await listPartitions(db), 'webhook_attempts');
  expect(before[0].from).toBeNull();
  firstEnd = before[0].to;
  for (const [months, set] of [[0, (id: string) => (expiringId = id)], [1, (id: string) => (keptId = id)]] as const) {
    now = new Date(monthStart(firstEnd, months).getTime() + 10 * DAY);
    // that month's maintenance: the recipient ids move to its block; nothing is old enough to go but, at the first,
    // the blocks of ids from before partitioning (empty here: no id was ever written below 2^40)
    const run = await maintain(now, 3650);
    if (months === 0) legacyIds = run;
    set(await send(['+243810005560']));
    await drain(db, tasks);
    expect(await recipientParts(months === 0 ? expiringId : keptId)).toEqual([`message_recipients_p${yyyymm(now)}`]);
  }
  newestBefore = byTable(await listPartitions(db), 'webhook_attempts').at(-1)!.to;
  ledgerBefore = [...(await ledger())];
  future = new Date(firstEnd.getTime() + 401 * DAY);
  now = future;
  // the months up to `future` were made ahead by the maintenance's runs in between (here: one run that drops nothing)
  ahead = await maintain(future, 3650);
  // Sends go on while the maintenance detaches and drops; and a transaction that has read the tables every API key
  // check reads (organizations, gateway_apps) and is still open does not hold the drop up: a partition with a foreign
  // key to them would need their ACCESS EXCLUSIVE lock to drop (migration 0046)
  const reader = await sessions.connect();
  await reader.query('begin');
  await reader.query('select count(*) from organizations, gateway_apps');
  try {
    const [result, ...ids] = await Promise.race([
      Promise.all([maintain(future), send(['+243810005556']), send(['+243810005557']), send(['+243810005558'])]),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the maintenance waited for a reader of organizations and gateway_apps')), 20_000)),
    ]);
    first = result;
    duringIds.push(...ids);
  } finally {
    await reader.query('commit');
    reader.release();
  }
});
afterAll(async () => {
  await receiver.close();
  await sessions.end();
  await closePools();
});

describe('partition maintenance (D24)', () => {
  it('drops the partitions wholly older than the retention, and only those', async () => {
    expect(first?.cutoff.toISOString()).toBe(new Date(firstEnd.getTime() + DAY).toISOString());
    expect(legacyIds?.dropped).toEqual(['carrier_parts_legacy', 'message_texts_legacy', 'message_recipients_legacy']);
    expect(first?.dropped).toEqual([
      'carrier_receipts_legacy',
      'inbound_messages_legacy',
      'webhook_attempts_legacy',
      'webhook_deliveries_legacy',
      'webhook_events_legacy',
      `carrier_parts_p${thisMonth}`,
      `message_texts_p${thisMonth}`,
      `message_recipients_p${thisMonth}`,
    ]);
    const [gone] = await db.execute<{ legacy: number; receipts: number; inbound: number; events: number; deliveries: number }>(sql`
      select (select count(to_regclass(t || '_legacy'))::int from unnest(${sql.raw(`array['${TABLES.join("','")}']`)}) t) as legacy,
             (select count(*)::int from carrier_receipts) as receipts, (select count(*)::int from inbound_messages) as inbound,
             (select count(*)::int from webhook_events where message_id = ${oldId}) as events,
             (select count(*)::int from webhook_deliveries d where d.organization_id = ${m.organizationId} and d.created_at < ${firstEnd.toISOString()}::timestamptz) as deliveries`);
    expect(gone).toEqual({ legacy: 0, receipts: 0, inbound: 0, events: 0, deliveries: 0 });
    // the attempts left are those of the months after: the sends' made then
    const [{ attempts }] = await db.execute<{ attempts: number }>(sql`select count(*)::int as attempts from webhook_attempts where attempted_at < ${firstEnd.toISOString()}::timestamptz`);
    expect(attempts).toBe(0);
    // the old send's recipients and parts went with their month's block; the sends made during the drop stayed
    const [rows] = await db.execute<{ old: number; during: number; parts: number }>(sql`
      select (select count(*)::int from message_recipients where message_id = ${oldId}) as old,
             (select count(*)::int from message_recipients where message_id = any(${`{${duringIds.join(',')}}`}::text[])) as during,
             (select count(*)::int from carrier_parts) as parts`);
    expect(rows).toEqual({ old: 0, during: 3, parts: 0 });
    // and its text with them: the Messages page lists it without (its totals stay), the sends made during the drop with
    expect(await texts([oldId, ...duringIds])).toEqual([null, 'Hello', 'Hello', 'Hello']);
    // a conversation whose every MO has expired leaves the Inbox (its row, one per phone, stays)
    expect(await inbox()).toEqual([]);
  });

  it('keeps the ledger, and the balances still equal its sums', async () => {
    const after = await ledger();
    expect(after.slice(0, ledgerBefore.length)).toEqual(ledgerBefore);
    const charges = after.slice(ledgerBefore.length).map((l) => [l.entry_type, l.message_id]);
    expect(charges.sort()).toEqual(duringIds.map((id) => ['charge', id]).sort());
    const wallets = await db.execute<{ balance: string; sum: string }>(sql`
      select w.balance::text, coalesce((select sum(l.amount) from wallet_ledger l where l.wallet_id = w.id), 0)::numeric(18,4)::text as sum
        from wallets w where w.organization_id = ${m.organizationId}`);
    expect(wallets.length).toBeGreaterThan(0);
    for (const w of wallets) expect(w.balance).toBe(w.sum);
    const [{ balance }] = await db.execute<{ balance: string }>(sql`select sum(balance)::text as balance from wallets where organization_id = ${m.organizationId}`);
    expect(balance).toBe('9.8600'); // 10 - 7 recipients x 0.02
  });

  it('answers 404 Message expired for the old send, and the sends made during the drop as usual', async () => {
    expect(await call('GET', `/status/${oldId}`, { key: m.apiKey })).toMatchObject({ status: 404, body: { detail: 'Message expired' } });
    expect(await call('GET', `/messages/${oldId}/recipients`, { key: m.apiKey })).toMatchObject({ status: 404, body: { detail: 'Message expired' } });
    expect(await call('GET', '/status/msg_doesnotexist0000000000', { key: m.apiKey })).toMatchObject({ status: 404, body: { detail: 'Message not found' } });
    for (const id of duringIds) expect(await call('GET', `/status/${id}`, { key: m.apiKey })).toMatchObject({ status: 200, body: { data: { message_id: id, total_recipients: 1 } } });
  });

  it('has every month from the first kept partition to 4 months ahead, contiguous', async () => {
    for (const table of TABLES) {
      const ps = byTable(await listPartitions(db), table);
      expect(ps[0].from?.toISOString()).toBe(firstEnd.toISOString());
      expect(ps[ps.length - 1].to.toISOString()).toBe(monthStart(future, 5).toISOString());
      for (let i = 1; i < ps.length; i++) expect(ps[i].from?.toISOString()).toBe(ps[i - 1].to.toISOString());
      for (const p of ps) expect(p.name).toBe(`${table}_p${p.from!.toISOString().slice(0, 7).replace('-', '')}`);
    }
    const months: string[] = [];
    for (let d = newestBefore; d < monthStart(future, 5); d = monthStart(d, 1)) months.push(d.toISOString().slice(0, 7).replace('-', ''));
    expect(months.length).toBe(12); // the months from the last made ahead (in the second month) to 4 after `future`'s
    // the blocks of recipient ids: the months kept, then none for the months no id was written in (the sequence moves
    // from the block it was in to now's), then now's month and 4 ahead
    const aheadOfFuture = [0, 1, 2, 3, 4].map((k) => yyyymm(monthStart(future, k)));
    expect(ahead?.created).toEqual([
      ...TABLES.flatMap((t) => months.map((x) => `${t}_p${x}`)),
      ...BY_ID.flatMap((t) => aheadOfFuture.map((x) => `${t}_p${x}`)),
    ]);
    expect(ahead?.dropped).toEqual([]);
    expect(first?.created).toEqual([]);
    for (const table of BY_ID) {
      const kept = [0, 1, 2, 3, 4, 5].map((k) => yyyymm(monthStart(firstEnd, k)));
      expect(byTable(await listPartitions(db), table).map((p) => p.name)).toEqual([...kept, ...aheadOfFuture].map((x) => `${table}_p${x}`));
    }
  });

  it('lets sends go on after the drop: delivered, and a receipt of today lands in its month', async () => {
    const id = await send(['+243810005559']);
    await drain(db, tasks);
    expect(await call('GET', `/status/${id}`, { key: m.apiKey })).toMatchObject({ status: 200, body: { data: { status: 'delivered', delivered: 1 } } });
    const [r] = await db.execute<{ part: string }>(sql`
      insert into carrier_receipts (connector_id, carrier_message_id, receipt_key, stat, received_at)
      values ('con_x', 'def', 'def', 'DELIVRD', ${future.toISOString()}::timestamptz) returning tableoid::regclass::text as part`);
    expect(r.part).toBe(`carrier_receipts_p${yyyymm(future)}`);
    // its events and deliveries in its month's partitions: the queued event by the send's month, the others by the
    // recipient's
    expect(await eventRows(id)).toEqual([{ part: `webhook_events_p${yyyymm(future)}`, events: 4, deliveries: 4 }]);
    const [{ parts }] = await db.execute<{ parts: string[] }>(sql`
      select array_agg(distinct d.tableoid::regclass::text) as parts from webhook_deliveries d join webhook_events e on e.id = d.event_id
       where e.message_id = ${id}`);
    expect(parts).toEqual([`webhook_deliveries_p${yyyymm(future)}`]);
    // its recipient's id is in the block of the month the maintenance moved the ids to
    const [row] = await db.execute<{ part: string; month: string }>(sql`
      select tableoid::regclass::text as part, recipient_id_month(id)::text as month from message_recipients where message_id = ${id}`);
    expect(row.part).toBe(`message_recipients_p${yyyymm(future)}`);
    expect(new Date(row.month).toISOString()).toBe(monthStart(future).toISOString());
  });

  it('stores an MO of today in its month, and the Inbox shows it', async () => {
    const id = await mo('+243810005555', 'New question');
    const [row] = await db.execute<{ part: string }>(sql`select tableoid::regclass::text as part from inbound_messages where id = ${id}`);
    expect(row.part).toBe(`inbound_messages_p${yyyymm(future)}`);
    expect(await inbox()).toEqual([['+243810005555', 'New question']]);
  });

  it('is harmless when run again: nothing created, nothing dropped', async () => {
    const before = await listPartitions(db);
    expect(await maintain(future)).toEqual({ cutoff: first!.cutoff, created: [], dropped: [] });
    expect(await listPartitions(db)).toEqual(before);
    expect((await getRetentionStatus(db)).dropped_total).toBe(11);
  });

  it('shows in `status --json` and /metrics: last run, partitions dropped, oldest kept', async () => {
    let out = '';
    const code = await runCli(['status', '--json'], { db, env, stdout: (x) => (out += x), stderr: () => {} });
    expect(code).toBe(0);
    const printed = (JSON.parse(out) as SystemStatus).retention;
    expect(printed).toEqual({
      retention_days: 400,
      last_run_at: future.toISOString(),
      last_cutoff: first!.cutoff.toISOString(),
      last_created: [],
      last_dropped: [],
      dropped_total: 11,
      tables: [...TABLES, ...BY_ID].map((table, i) => ({
        table,
        partitions: i < TABLES.length ? printed.tables[0].partitions : 11,
        oldest_from: firstEnd.toISOString(),
        newest_to: monthStart(future, 5).toISOString(),
      })),
    });
    expect(printed.tables[0].partitions).toBe(byTable(await listPartitions(db), 'webhook_attempts').length);
    await collectDbGauges(db, new Date());
    expect((await retentionLastRun.get()).values[0].value).toBe(future.getTime() / 1000);
    expect((await retentionPartitionsDropped.get()).values[0].value).toBe(11);
    expect((await retentionOldestKept.get()).values.map((v) => [v.labels.table, v.value])).toEqual([...TABLES, ...BY_ID].map((t) => [t, firstEnd.getTime() / 1000]));
  });

  it('runs from `npm run admin -- maintain-partitions --json` on a connection of its own, with RETENTION_DAYS', async () => {
    let out = '';
    const io = { db, env: { ...env, RETENTION_DAYS: 400 }, stdout: (x: string) => (out += x), stderr: () => {}, databaseUrl: process.env.DATABASE_URL };
    expect(await runCli(['maintain-partitions', '--json'], io)).toBe(0);
    const printed = JSON.parse(out) as Record<string, unknown>;
    // today, 400 days back is before every partition, and the months ahead of the clock's future exist already
    expect(printed).toEqual({ ran: true, retention_days: 400, cutoff: printed.cutoff, created: [], dropped: [], started_at: printed.started_at, seconds: printed.seconds });
    expect(Date.now() - 400 * DAY - new Date(String(printed.cutoff)).getTime()).toBeLessThan(60_000);
    // the cutoff is RETENTION_DAYS before the moment the maintenance began
    expect(new Date(String(printed.started_at)).getTime() - new Date(String(printed.cutoff)).getTime()).toBe(400 * DAY);
    expect(await runCli(['maintain-partitions', '--json'], { ...io, databaseUrl: undefined })).toBe(2);
  });

  it("runs as the crontab's maintain_partitions job, on a connection of graphile-worker's pool, with the pipeline's clock", async () => {
    now = new Date(future.getTime() + 3_600_000);
    await db.execute(sql`select graphile_worker.add_job('maintain_partitions', '{}'::json)`);
    await drain(db, tasks);
    expect((await getRetentionStatus(db)).last_run_at).toBe(now.toISOString());
    now = future;
  });

  it("drops a month's recipients, parts, events and deliveries whole once it has aged, keeps the next month's, and leaves the ledger and balances as they were", async () => {
    const [expiring, kept] = [monthStart(firstEnd), monthStart(firstEnd, 1)].map(yyyymm);
    // each send's events and deliveries are in its month's partitions, all together
    expect(await eventRows(expiringId)).toEqual([{ part: `webhook_events_p${expiring}`, events: 4, deliveries: 4 }]);
    expect(await eventRows(keptId)).toEqual([{ part: `webhook_events_p${kept}`, events: 4, deliveries: 4 }]);
    const ledgerThen = await ledger();
    now = new Date(monthStart(firstEnd, 1).getTime() + 401 * DAY);
    const r = await maintain(now);
    expect(r?.dropped).toEqual(
      ['carrier_receipts', 'inbound_messages', 'webhook_attempts', 'webhook_deliveries', 'webhook_events', 'carrier_parts', 'message_texts', 'message_recipients'].map(
        (t) => `${t}_p${expiring}`,
      ),
    );
    expect(await texts([expiringId, keptId])).toEqual([null, 'Hello']);
    expect((await getMessageDetail(db, { organizationId: m.organizationId, role: 'owner' }, expiringId)).body).toBeNull();
    expect((await getMessageDetail(db, { organizationId: m.organizationId, role: 'owner' }, keptId)).body).toBe('Hello');
    expect(await eventRows(expiringId)).toEqual([]);
    expect([await recipientParts(expiringId), await recipientParts(keptId)]).toEqual([[], [`message_recipients_p${kept}`]]);
    const [{ deliveries }] = await db.execute<{ deliveries: number }>(sql`
      select count(*)::int as deliveries from webhook_deliveries where partition_month < ${monthStart(firstEnd, 1).toISOString()}::timestamptz`);
    expect(deliveries).toBe(0);
    expect(await eventRows(keptId)).toEqual([{ part: `webhook_events_p${kept}`, events: 4, deliveries: 4 }]);
    expect(await call('GET', `/status/${expiringId}`, { key: m.apiKey })).toMatchObject({ status: 404, body: { detail: 'Message expired' } });
    expect(await call('GET', `/status/${keptId}`, { key: m.apiKey })).toMatchObject({ status: 200, body: { data: { message_id: keptId, status: 'delivered' } } });
    expect(await ledger()).toEqual(ledgerThen);
    const wallets = await db.execute<{ balance: string; sum: string }>(sql`
      select w.balance::text, coalesce((select sum(l.amount) from wallet_ledger l where l.wallet_id = w.id), 0)::numeric(18,4)::text as sum
        from wallets w where w.organization_id = ${m.organizationId}`);
    for (const w of wallets) expect(w.balance).toBe(w.sum);
    now = future;
  });

  it('finishes a run stopped in the middle: a month detached but not dropped, and a detach left between its two transactions', async () => {
    const kept = yyyymm(monthStart(firstEnd, 1));
    // a run stopped after webhook_attempts' detach, before its drop: a table named as a partition, no one's partition
    await db.execute(sql.raw(`alter table webhook_attempts detach partition webhook_attempts_p${kept}`));
    // a run stopped in inbound_messages' DETACH ... CONCURRENTLY while it waited for a reader of the table: its first
    // transaction committed (the partition "detach pending"), its second never came
    const reader = await sessions.connect();
    const detacher = await sessions.connect();
    try {
      await reader.query('begin');
      await reader.query('select count(*) from inbound_messages');
      const { rows } = await detacher.query('select pg_backend_pid() as pid');
      const detaching = detacher.query(`alter table inbound_messages detach partition inbound_messages_p${kept} concurrently`).then(
        () => 'finished',
        (e: Error) => e.message,
      );
      await waitFor(async () => (await listPartitions(db)).find((p) => p.name === `inbound_messages_p${kept}`)?.detachPending, 10_000, 50, 'the detach pending');
      await reader.query('select pg_cancel_backend($1)', [rows[0].pid]);
      expect(await detaching).toBe('canceling statement due to user request');
    } finally {
      await reader.query('commit');
      reader.release();
      detacher.release();
    }
    expect([await listDetachedLeftovers(db), (await listPartitions(db)).filter((p) => p.detachPending).map((p) => p.name)]).toEqual([
      [`webhook_attempts_p${kept}`],
      [`inbound_messages_p${kept}`],
    ]);
    // the next run, once that month has aged: the leftover dropped, the detach finished and dropped, then the rest
    now = new Date(monthStart(firstEnd, 2).getTime() + 401 * DAY);
    const r = await maintain(now);
    expect(r?.dropped).toEqual(
      ['webhook_attempts', 'inbound_messages', 'carrier_receipts', 'webhook_deliveries', 'webhook_events', 'carrier_parts', 'message_texts', 'message_recipients'].map(
        (t) => `${t}_p${kept}`,
      ),
    );
    const [{ left }] = await db.execute<{ left: number }>(sql`select count(*)::int as left from pg_class where relname like ${`%\\_p${kept}`}`);
    expect([left, await listDetachedLeftovers(db)]).toEqual([0, []]);
    expect(await recipientParts(keptId)).toEqual([]);
    expect(await maintain(now)).toEqual({ cutoff: r!.cutoff, created: [], dropped: [] });
    now = future;
  });
});
