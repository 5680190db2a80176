import { sql, TransactionRollbackError, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/db/client';
import { lockDispatches } from '@/server/domain/delivery/dispatch-locks';
import { recordBatch } from '@/server/domain/carrier/smpp/record';
import { partKey } from '@/server/smpp/client/receipt-ids';
import { dispatchesOfWaitingParts, insertReceipts, matchReceipts, waitingScope } from '@/server/domain/carrier/smpp/receipts';
import { closePools, restClient, testDeps } from '../helpers';
import { readyMerchant } from '../messaging/setup';

/**
 * The recorder's statements read what a batch names by key, whatever the planner's statistics say. The carrier
 * tables are queues: a campaign fills them faster than autovacuum analyzes them, so the planner believes a connector
 * has one waiting part or outbox row while it has thousands. Here the statistics are taken while another connector
 * holds 1,000 rows, then a new connector gets 3,000 with higher recipient ids (as every new part has: the statistics'
 * histogram ends below them): each statement below must read a handful of rows of the table,
 * not the connector's 3,000 (counted in this transaction by pg_stat_xact_user_tables). Before they read by key, a
 * batch's receipts read every waiting part of the connector and a batch's answers every queued outbox row: the bench's
 * 10,000-submit drain ran at 816/s and its receipts at 294/s.
 */
const deps = testDeps();
const db = deps.db;
afterAll(closePools);

const OLD = 'con_stale_old';
const NEW = 'con_stale_new';
const N = 3000;
const c = { id: NEW, name: 'stale', validityS: 3600, receiptIdFormat: 'exact' as const, gsmCoding: 0 };
const idOf = (i: number) => `m${100000 + i}`;
/** The first of the new connector's recipients (idOf(1)'s). */
let first: { id: number; dispatch_id: string };

beforeAll(async () => {
  // The connectors' rows name real recipients (sends of 1,000), so that joins to them find rows: the old connector's
  // the first send's, the new one's the next three sends' (higher ids, in the same month's block of ids: the same
  // partition of carrier_parts, D24, above every id the statistics saw)
  const m = await readyMerchant(deps, { prepaid: '100' });
  const call = restClient(deps);
  for (let s = 0; s < N / 1000 + 1; s++) {
    const to = Array.from({ length: 1000 }, (_, i) => `+24381${String(1000000 + s * 1000 + i).slice(1)}`);
    expect((await call('POST', '/send', { key: m.apiKey, body: { to, message: 'Hello' } })).status).toBe(201);
  }
  const recipients = (offset: number, count: number) =>
    sql`(select row_number() over (order by id)::int as i, id, dispatch_id from (select id, dispatch_id from message_recipients order by id offset ${offset} limit ${count}) r)`;
  const rows = async (connector: string, source: ReturnType<typeof sql>, key: (i: SQL) => SQL) => {
    await db.execute(sql`
      insert into carrier_parts (recipient_id, connector_id, part_no, parts_total, carrier_message_id, receipt_key)
      select r.id, ${connector}, 1, 1, ${key(sql`r.i`)}, ${key(sql`r.i`)} from ${source} r`);
    await db.execute(sql`
      insert into carrier_outbox (recipient_id, dispatch_id, state, route, connector_id, expires_at)
      select r.id, r.dispatch_id, 'queued', array[${connector}::text], ${connector}, now() + interval '1 hour' from ${source} r`);
  };
  await rows(OLD, recipients(0, 1000), (i) => sql`'old' || ${i}`);
  // (most of them receipted long ago: the statistics see hardly a part waiting)
  await db.execute(sql`update carrier_parts set stat = 'DELIVRD' where connector_id = ${OLD} and receipt_key <> 'old1'`);
  await db.execute(sql`analyze carrier_parts, carrier_outbox, carrier_receipts`);
  await rows(NEW, recipients(1000, N), (i) => sql`'m' || (100000 + ${i})`);
  [first] = await db.execute<{ id: number; dispatch_id: string }>(sql`select id::float8 as id, dispatch_id from message_recipients order by id offset 1000 limit 1`);
  expect(partKey(idOf(5), 'exact')).toBe(idOf(5)); // (the keys written above)
});

/** Rows of `table` this transaction read so far, by any scan. */
/** Rows of `table` (all its partitions, for a partitioned one) this transaction read. */
async function reads(tx: Db, table: string): Promise<number> {
  const [r] = await tx.execute<{ n: number }>(sql`
    select coalesce(sum(coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0)), 0)::int as n from pg_stat_xact_user_tables
     where relid = ${table}::regclass or relid in (select inhrelid from pg_inherits where inhparent = ${table}::regclass)`);
  return r.n;
}

/** Runs `fn` in a transaction that is rolled back, and returns how many rows of `table` it read. */
async function rowsRead(table: string, fn: (tx: Db) => Promise<unknown>): Promise<number> {
  let n = -1;
  await db
    .transaction(async (tx) => {
      const t = tx as unknown as Db;
      const before = await reads(t, table);
      await fn(t);
      n = (await reads(t, table)) - before;
      tx.rollback();
    })
    .catch((e: unknown) => {
      if (!(e instanceof TransactionRollbackError)) throw e; // (an assertion inside fn fails the test as itself)
    });
  return n;
}

describe('with statistics from before the connector had rows', () => {
  it('a receipt is matched to its part by key: a few rows of carrier_parts read, not the 3,000 waiting', async () => {
    const n = await rowsRead('carrier_parts', async (tx) => {
      const ids = await insertReceipts(tx, c, [{ messageId: idOf(7), stat: 'DELIVRD', err: '000' }]);
      const matched = await matchReceipts(tx, await waitingScope(tx, NEW, new Date()), ids, []);
      expect(matched.recipients).toEqual([first.id + 6]);
    });
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThanOrEqual(5);
  });

  it("the dispatches of a batch's receipts are found through their parts by key", async () => {
    let locked: string[] = [];
    const n = await rowsRead('carrier_parts', async (tx) => {
      locked = [...(await lockDispatches(tx, [], dispatchesOfWaitingParts(await waitingScope(tx, NEW, new Date()), [idOf(8), idOf(9)]))).keys()];
    });
    expect(locked).toEqual([first.dispatch_id]);
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThanOrEqual(5);
  });

  it("a batch's accepted answers move their outbox rows by key: a few rows of carrier_outbox read, not the 3,000 queued", async () => {
    const n = await rowsRead('carrier_outbox', (tx) =>
      recordBatch(tx, c, { parts: [], outcomes: [10, 11, 12].map((i) => ({ recipientId: first.id + i, dispatchId: first.dispatch_id, kind: 'sent' as const })), receipts: [], mos: [] }, new Date(), {
        receiptsMayWait: false,
      }),
    );
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThanOrEqual(10);
  });
});
