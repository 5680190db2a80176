import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '@/server/cli/run-cli';
import { createPipeline } from '@/server/domain/delivery/pipeline';
import { listConversations } from '@/server/domain/inbox/list-conversations';
import { getRetentionStatus } from '@/server/domain/retention/get-retention-status';
import { maintainPartitions, type MaintenanceResult } from '@/server/domain/retention/maintain-partitions';
import { listPartitions, type Partition } from '@/server/domain/retention/partitions';
import { createTaskList } from '@/server/jobs/task-list';
import { collectDbGauges } from '@/server/metrics/db-gauges';
import { retentionLastRun, retentionOldestKept, retentionPartitionsDropped } from '@/server/metrics/registry';
import type { SystemStatus } from '@/shared/contracts/operations';
import { assignNumber } from '../carrier/inbound-helpers';
import { closePools, makeMerchant, restClient, testDeps, testEnv } from '../helpers';
import { drain, withSimulator } from '../pipeline/drain';
import { startReceiver } from '../webhooks/receiver';

/**
 * D24 on a real database: a send made today, its webhook attempts, a carrier receipt and an MO; then a maintenance at
 * the start of next month moves the recipient ids to that month's block, and one runs with a clock 401 days after the
 * first partition's end (the clock passed in, not waited for). Those partitions, and this month's block of
 * recipients with its carrier parts, go whole, the ledger stays and still sums to the balances, GET /status of the old
 * send answers 404 `Message expired`, sends and MO made during and after the drop work, the months ahead exist, and a
 * rerun changes nothing.
 */
const DAY = 86_400_000;
let now = new Date();
const env = testEnv({ CARRIER_SIM_DELAY_MS: '0' });
const deps = testDeps({ env, clock: () => now });
const { db } = deps;
const call = restClient(deps);
/** The maintenance's session: a connection of a `pg` pool, as the worker gives it one of graphile-worker's. */
const sessions = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
const maintain = async (at: Date) => {
  const client = await sessions.connect();
  try {
    return await maintainPartitions(db, client, { now: at, retentionDays: 400 });
  } finally {
    client.release();
  }
};
const tasks = withSimulator(createTaskList(() => createPipeline(db, env, () => now)), db, env, () => now);
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let m: Awaited<ReturnType<typeof makeMerchant>>;
let oldId: string;
let firstEnd: Date;
let newestBefore: Date;
let thisMonth: string;
let future: Date;
let first: MaintenanceResult;
let ledgerBefore: { id: number; entry_type: string; amount: string; message_id: string | null }[];
const duringIds: string[] = [];

const NUMBER = '243990300001';
const mo = async (from: string, text: string) => {
  const r = await call('POST', '/inbound/simulate', { key: m.apiKey, body: { from, to: NUMBER, text } });
  expect(r.status).toBe(202);
  return r.body.data.inbound_id as string;
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
  thisMonth = monthStart(now).toISOString().slice(0, 7).replace('-', '');
  const [where] = await db.execute<{ recipients: string[]; parts: string[] }>(sql`
    select array(select distinct tableoid::regclass::text from message_recipients where message_id = ${oldId}) as recipients,
           array(select distinct tableoid::regclass::text from carrier_parts where recipient_id = ${firstRow.id}::bigint) as parts`);
  expect(where).toEqual({ recipients: [`message_recipients_p${thisMonth}`], parts: [`carrier_parts_p${thisMonth}`] });
  await assignNumber(db, m, NUMBER);
  await mo('+243810005555', 'Old question');
  expect(await inbox()).toEqual([['+243810005555', 'Old question']]);
  ledgerBefore = [...(await ledger())];
  // the first maintenance of next month: the recipient ids move to its block; nothing is old enough to go but the
  // blocks of ids from before partitioning (empty here: no id was ever written below 2^40)
  expect((await maintain(new Date(monthStart(now, 1).getTime() + 3_600_000)))?.dropped).toEqual(['carrier_parts_legacy', 'message_recipients_legacy']);
  const before = byTable(await listPartitions(db), 'webhook_attempts');
  expect(before[0].from).toBeNull();
  firstEnd = before[0].to;
  newestBefore = before[before.length - 1].to;
  future = new Date(firstEnd.getTime() + 401 * DAY);
  now = future;
  // Sends go on while the maintenance detaches and drops.
  const [result, ...ids] = await Promise.all([
    maintain(future),
    send(['+243810005556']),
    send(['+243810005557']),
    send(['+243810005558']),
  ]);
  first = result;
  duringIds.push(...ids);
});
afterAll(async () => {
  await receiver.close();
  await sessions.end();
  await closePools();
});

describe('partition maintenance (D24)', () => {
  it('drops the partitions wholly older than the retention, and only those', async () => {
    expect(first?.cutoff.toISOString()).toBe(new Date(firstEnd.getTime() + DAY).toISOString());
    expect(first?.dropped).toEqual([
      'carrier_receipts_legacy',
      'inbound_messages_legacy',
      'webhook_attempts_legacy',
      `carrier_parts_p${thisMonth}`,
      `message_recipients_p${thisMonth}`,
    ]);
    const [gone] = await db.execute<{ a: string | null; r: string | null; i: string | null; attempts: number; receipts: number; inbound: number }>(sql`
      select to_regclass('webhook_attempts_legacy')::text as a, to_regclass('carrier_receipts_legacy')::text as r,
             to_regclass('inbound_messages_legacy')::text as i,
             (select count(*)::int from webhook_attempts) as attempts, (select count(*)::int from carrier_receipts) as receipts,
             (select count(*)::int from inbound_messages) as inbound`);
    expect(gone).toEqual({ a: null, r: null, i: null, attempts: 0, receipts: 0, inbound: 0 });
    // the old send's recipients and parts went with their month's block; the sends made during the drop stayed
    const [rows] = await db.execute<{ old: number; during: number; parts: number }>(sql`
      select (select count(*)::int from message_recipients where message_id = ${oldId}) as old,
             (select count(*)::int from message_recipients where message_id = any(${`{${duringIds.join(',')}}`}::text[])) as during,
             (select count(*)::int from carrier_parts) as parts`);
    expect(rows).toEqual({ old: 0, during: 3, parts: 0 });
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
    expect(balance).toBe('9.9000'); // 10 - 5 recipients x 0.02
  });

  it('answers 404 Message expired for the old send, and the sends made during the drop as usual', async () => {
    expect(await call('GET', `/status/${oldId}`, { key: m.apiKey })).toMatchObject({ status: 404, body: { detail: 'Message expired' } });
    expect(await call('GET', `/messages/${oldId}/recipients`, { key: m.apiKey })).toMatchObject({ status: 404, body: { detail: 'Message expired' } });
    expect(await call('GET', '/status/msg_doesnotexist0000000000', { key: m.apiKey })).toMatchObject({ status: 404, body: { detail: 'Message not found' } });
    for (const id of duringIds) expect(await call('GET', `/status/${id}`, { key: m.apiKey })).toMatchObject({ status: 200, body: { data: { message_id: id, total_recipients: 1 } } });
  });

  it('has every month from the first kept partition to 4 months ahead, contiguous', async () => {
    for (const table of ['webhook_attempts', 'carrier_receipts', 'inbound_messages']) {
      const ps = byTable(await listPartitions(db), table);
      expect(ps[0].from?.toISOString()).toBe(firstEnd.toISOString());
      expect(ps[ps.length - 1].to.toISOString()).toBe(monthStart(future, 5).toISOString());
      for (let i = 1; i < ps.length; i++) expect(ps[i].from?.toISOString()).toBe(ps[i - 1].to.toISOString());
      for (const p of ps) expect(p.name).toBe(`${table}_p${p.from!.toISOString().slice(0, 7).replace('-', '')}`);
    }
    const months: string[] = [];
    for (let d = newestBefore; d < monthStart(future, 5); d = monthStart(d, 1)) months.push(d.toISOString().slice(0, 7).replace('-', ''));
    expect(months.length).toBeGreaterThan(12);
    // the blocks of recipient ids: the months kept, then none for the months no id was written in (the sequence
    // moves from the block it was in to now's), then now's month and 4 ahead
    const ahead = [0, 1, 2, 3, 4].map((k) => monthStart(future, k).toISOString().slice(0, 7).replace('-', ''));
    expect(first?.created).toEqual([
      ...['webhook_attempts', 'carrier_receipts', 'inbound_messages'].flatMap((t) => months.map((x) => `${t}_p${x}`)),
      ...['message_recipients', 'carrier_parts'].flatMap((t) => ahead.map((x) => `${t}_p${x}`)),
    ]);
    for (const table of ['message_recipients', 'carrier_parts']) {
      const kept = [0, 1, 2, 3, 4].map((k) => monthStart(firstEnd, k).toISOString().slice(0, 7).replace('-', ''));
      expect(byTable(await listPartitions(db), table).map((p) => p.name)).toEqual([...kept, ...ahead].map((x) => `${table}_p${x}`));
    }
  });

  it('lets sends go on after the drop: delivered, and a receipt of today lands in its month', async () => {
    const id = await send(['+243810005559']);
    await drain(db, tasks);
    expect(await call('GET', `/status/${id}`, { key: m.apiKey })).toMatchObject({ status: 200, body: { data: { status: 'delivered', delivered: 1 } } });
    const [r] = await db.execute<{ part: string }>(sql`
      insert into carrier_receipts (connector_id, carrier_message_id, receipt_key, stat, received_at)
      values ('con_x', 'def', 'def', 'DELIVRD', ${future.toISOString()}::timestamptz) returning tableoid::regclass::text as part`);
    expect(r.part).toBe(`carrier_receipts_p${future.toISOString().slice(0, 7).replace('-', '')}`);
    // its recipient's id is in the block of the month the maintenance moved the ids to
    const [row] = await db.execute<{ part: string; month: string }>(sql`
      select tableoid::regclass::text as part, recipient_id_month(id)::text as month from message_recipients where message_id = ${id}`);
    expect(row.part).toBe(`message_recipients_p${future.toISOString().slice(0, 7).replace('-', '')}`);
    expect(new Date(row.month).toISOString()).toBe(monthStart(future).toISOString());
  });

  it('stores an MO of today in its month, and the Inbox shows it', async () => {
    const id = await mo('+243810005555', 'New question');
    const [row] = await db.execute<{ part: string }>(sql`select tableoid::regclass::text as part from inbound_messages where id = ${id}`);
    expect(row.part).toBe(`inbound_messages_p${future.toISOString().slice(0, 7).replace('-', '')}`);
    expect(await inbox()).toEqual([['+243810005555', 'New question']]);
  });

  it('is harmless when run again: nothing created, nothing dropped', async () => {
    const before = await listPartitions(db);
    expect(await maintain(future)).toEqual({ cutoff: first!.cutoff, created: [], dropped: [] });
    expect(await listPartitions(db)).toEqual(before);
    expect((await getRetentionStatus(db)).dropped_total).toBe(7);
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
      dropped_total: 7,
      tables: ['webhook_attempts', 'carrier_receipts', 'inbound_messages', 'message_recipients', 'carrier_parts'].map((table, i) => ({
        table,
        partitions: i < 3 ? printed.tables[0].partitions : 10,
        oldest_from: firstEnd.toISOString(),
        newest_to: monthStart(future, 5).toISOString(),
      })),
    });
    expect(printed.tables[0].partitions).toBe(byTable(await listPartitions(db), 'webhook_attempts').length);
    await collectDbGauges(db, new Date());
    expect((await retentionLastRun.get()).values[0].value).toBe(future.getTime() / 1000);
    expect((await retentionPartitionsDropped.get()).values[0].value).toBe(7);
    expect((await retentionOldestKept.get()).values.map((v) => [v.labels.table, v.value])).toEqual(
      ['webhook_attempts', 'carrier_receipts', 'inbound_messages', 'message_recipients', 'carrier_parts'].map((t) => [t, firstEnd.getTime() / 1000]),
    );
  });

  it('runs from `npm run admin -- maintain-partitions --json` on a connection of its own, with RETENTION_DAYS', async () => {
    let out = '';
    const io = { db, env: { ...env, RETENTION_DAYS: 400 }, stdout: (x: string) => (out += x), stderr: () => {}, databaseUrl: process.env.DATABASE_URL };
    expect(await runCli(['maintain-partitions', '--json'], io)).toBe(0);
    const printed = JSON.parse(out) as Record<string, unknown>;
    // today, 400 days back is before every partition, and the months ahead of the clock's future exist already
    expect(printed).toEqual({ ran: true, retention_days: 400, cutoff: printed.cutoff, created: [], dropped: [], seconds: printed.seconds });
    expect(Date.now() - 400 * DAY - new Date(String(printed.cutoff)).getTime()).toBeLessThan(60_000);
    expect(await runCli(['maintain-partitions', '--json'], { ...io, databaseUrl: undefined })).toBe(2);
  });

  it("runs as the crontab's maintain_partitions job, on a connection of graphile-worker's pool, with the pipeline's clock", async () => {
    now = new Date(future.getTime() + 3_600_000);
    await db.execute(sql`select graphile_worker.add_job('maintain_partitions', '{}'::json)`);
    await drain(db, tasks);
    expect((await getRetentionStatus(db)).last_run_at).toBe(now.toISOString());
    now = future;
  });
});
