import { spawn, type ChildProcess } from 'node:child_process';
import { sql, type SQL } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveReceipts } from '@/server/domain/smpp-access/receipts';
import { consumeTerminalEventsSql } from '@/server/domain/webhooks/event-consumers';
import { closePools, makeMerchant, restClient, testDeps, testEnv } from '../helpers';
import { waitFor } from '../reliability/service';
import { sendVia } from '../webhooks/fixtures';
import { explainedNodes, rowsOut } from '../plan-nodes';

/**
 * The SMPP receipts consumer catches up on a backlog in bounded runs: at most a batch of terminal events a run, whole
 * transactions at a time, in transaction order, and a deriveReceipts call stops after its time budget with the rest
 * left for the next call. Three transactions of terminal events (600, 600 and 1,500) against a batch of 1,000: the
 * first run stops before the second transaction (taking it would split the third), the second before the third, and
 * the third takes all 1,500 of one transaction (never split, however many) and reaches the horizon.
 */
const env = testEnv();
const deps = testDeps({ env });
const { db } = deps;
const call = restClient(deps);
const smppMessage = 'msg_smpp_batches';
const SIZES = [600, 600, 1500];
const txs: bigint[] = [];

const position = async () =>
  BigInt((await db.execute<{ x: string }>(sql`select done_below::text as x from event_consumers where name = 'smpp_receipts'`))[0].x);
const owed = async () => (await db.execute<{ n: number }>(sql`select count(*)::int as n from smpp_receipts where message_id = ${smppMessage}`))[0].n;

beforeAll(async () => {
  const m = await makeMerchant(db, env, { prepaid: '100', keyStatus: 'allowed' });
  const sent = await sendVia(db, call, m.apiKey, ['+243810000021']);
  await db.execute(sql`
    insert into messages
    select (jsonb_populate_record(m, jsonb_build_object('id', ${smppMessage}::text, 'channel', 'smpp', 'smpp_registered_delivery', 1))).*
      from messages m where m.id = ${sent.messageId}`);
  // each insert its own transaction, so the events' tx (pg_current_xact_id()) are three, in this order
  for (const [t, n] of SIZES.entries()) {
    const [r] = await db.execute<{ tx: string }>(sql`
      with ins as (
        insert into webhook_events (id, organization_id, app_id, message_id, dispatch_id, event_type, payload, created_at, partition_month)
        select md5(${`batch ${t} `} || g)::uuid, e.organization_id, e.app_id, ${smppMessage}, e.dispatch_id, 'sms.delivered',
               jsonb_build_object('data', jsonb_build_object('recipient_phone', '+243810000021')), now(), e.partition_month
          from webhook_events e cross join generate_series(1, ${n}) g
         where e.message_id = ${sent.messageId} and e.event_type = 'sms.queued'
        returning tx)
      select min(tx)::text as tx from ins`);
    txs.push(BigInt(r.tx));
  }
  // (the consumer reads up to the oldest transaction running in the cluster, another test file's perhaps: until
  // the horizon has passed the three, a run would stop below them whatever its batch)
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [h] = await db.execute<{ x: string }>(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as x`);
    if (BigInt(h.x) > txs[2]) break;
    if (Date.now() > deadline) throw new Error('the horizon never passed the test\'s transactions');
    await new Promise((r) => setTimeout(r, 100));
  }
}, 120_000);
afterAll(closePools);

const startAt = (tx: bigint) => db.execute(sql`update event_consumers set done_below = ${tx.toString()}::xid8 where name = 'smpp_receipts'`);

describe('the SMPP receipts consumer after a long time away', () => {
  it('takes at most a batch of events a run, whole transactions in order, and a call stops after its budget', async () => {
    expect(txs[0] < txs[1] && txs[1] < txs[2]).toBe(true);
    await startAt(txs[0]);
    const runs: Array<{ derived: number; owed: number; at: bigint }> = [];
    for (let i = 0; i < 4; i++) {
      const derived = await deriveReceipts(db, { batch: 1000, budgetMs: 0 });
      runs.push({ derived, owed: await owed(), at: await position() });
    }
    expect(runs.map((r) => [r.derived, r.owed])).toEqual([[600, 600], [600, 1200], [1500, 2700], [0, 2700]]);
    expect(runs.slice(0, 2).map((r) => r.at)).toEqual([txs[1], txs[2]]);
    expect(runs[2].at > txs[2]).toBe(true);
    expect(runs[3].at >= runs[2].at).toBe(true);
    const stats = await db.execute<{ stat: string; phone: string; n: number }>(sql`
      select stat, phone, count(*)::int as n from smpp_receipts where message_id = ${smppMessage} group by 1, 2`);
    expect([...stats]).toEqual([{ stat: 'DELIVRD', phone: '+243810000021', n: 2700 }]);
  });

  it('within its budget, one call goes on from batch to batch to the horizon, and a second derives nothing again', async () => {
    await db.execute(sql`delete from smpp_receipts where message_id = ${smppMessage}`);
    await startAt(txs[0]);
    expect(await deriveReceipts(db, { batch: 1000, budgetMs: 60_000 })).toBe(2700);
    expect((await position()) > txs[2]).toBe(true);
    expect(await owed()).toBe(2700);
    expect(await deriveReceipts(db, { batch: 1000, budgetMs: 60_000 })).toBe(0);
  });

  it('with the default batch, the whole backlog is one run', async () => {
    await db.execute(sql`delete from smpp_receipts where message_id = ${smppMessage}`);
    await startAt(txs[0]);
    expect(await deriveReceipts(db, { budgetMs: 0 })).toBe(2700);
    expect((await position()) > txs[2]).toBe(true);
  });

  it("killed in the middle of a run, it has owed its batch whole or not at all, and the next runs owe every event once", async () => {
    await db.execute(sql`delete from smpp_receipts where message_id = ${smppMessage}`);
    await startAt(txs[0]);
    // An open transaction owes one event of the first transaction already: the run's insert (on conflict do nothing on
    // the event) waits for it with the run's first rows written, the position held and not yet moved. Its process is
    // killed there; then the transaction rolls back and the statement, its client gone, ends as Postgres ends it.
    const [{ id: heldEvent }] = await db.execute<{ id: string }>(sql`
      select id::text as id from webhook_events where message_id = ${smppMessage} and tx = ${txs[0].toString()}::xid8 order by id offset 300 limit 1`);
    const blocker = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    const held = await blocker.reserve();
    let child: ChildProcess | undefined;
    // the consumer's statement as another backend of this database runs it, in a given state
    const consumerRuns = async (state: SQL) =>
      (await db.execute(sql`select 1 from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
                               and query like '%with pos as%' and ${state}`)).length;
    try {
      await held`begin`;
      await held`insert into smpp_receipts (app_id, message_id, event_id, phone, stat, err, text, submitted_at, done_at, expires_at)
                 values ('app_held', ${smppMessage}, ${heldEvent}::uuid, '+243810000021', 'DELIVRD', '000', '', now(), now(), now() + interval '1 day')`;
      // the run, once the event is held
      child = spawn(process.execPath, ['--import', 'tsx', 'tests/smpp-access/derive-process.ts'], {
        env: { ...process.env, BATCH: '1000' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const exited = new Promise((r) => child!.once('exit', r));
      let printed = '';
      child.stdout!.on('data', (d) => (printed += String(d)));
      await waitFor(async () => (await consumerRuns(sql`wait_event_type = 'Lock'`)) > 0, 30_000, 20, 'the run waiting on the held event');
      child.kill('SIGKILL');
      await exited;
      expect(printed).toBe('');
    } finally {
      child?.kill('SIGKILL');
      await held`rollback`;
      held.release();
      await blocker.end({ timeout: 2 });
    }
    await waitFor(async () => (await consumerRuns(sql`state = 'active'`)) === 0, 30_000, 20, 'the killed run to end');
    // the killed run's batch is the first transaction's 600 events: owed with the position moved past them, or nothing
    // owed and the position where it was
    const left = await owed();
    expect([[0, txs[0]], [600, txs[1]]]).toContainEqual([left, await position()]);
    expect(await deriveReceipts(db, { batch: 1000, budgetMs: 60_000 })).toBe(2700 - left);
    const [counts] = await db.execute<{ n: number; events: number }>(sql`
      select count(*)::int as n, count(distinct event_id)::int as events from smpp_receipts where message_id = ${smppMessage}`);
    expect(counts).toEqual({ n: 2700, events: 2700 });
    expect((await position()) > txs[2]).toBe(true);
  });

  it('reads no event below its position: the history it has consumed costs a run nothing', async () => {
    await startAt(txs[0]);
    expect(await deriveReceipts(db, { batch: 1000, budgetMs: 60_000 })).toBe(0); // (all 2,700 owed already)
    const at = await position();
    expect(at > txs[2]).toBe(true);
    // every scan of webhook_events in the statement's plan, and the rows it returned: with the position joined as a
    // row, the partitions' terminal index was read in transaction order from the first event and the 2,700 events
    // below the position filtered out above the scan (4-8 s a run at 10 million recipients). With the events'
    // statistics and a small batch, the planner chooses that ordered read here too.
    await db.execute(sql`analyze webhook_events`);
    const [row] = await db.execute<{ 'QUERY PLAN': unknown }>(sql`explain (analyze, format json)
      ${consumeTerminalEventsSql('smpp_receipts', sql`select e.id from ev e`, 10)}`);
    const scans = explainedNodes(row['QUERY PLAN'])
      .filter((n) => n['Relation Name']?.startsWith('webhook_events'))
      .map((n) => ({ relation: n['Relation Name'], rows: rowsOut(n) }));
    expect(scans.length).toBeGreaterThan(0);
    expect(scans.filter((s) => s.rows > 0)).toEqual([]);
  });
});
