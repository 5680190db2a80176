import { sql } from 'drizzle-orm';
import { TransactionRollbackError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/db/client';
import { lockDispatches } from '@/server/domain/delivery/dispatch-locks';
import { dispatchesOfWaitingParts, insertReceipts, matchReceipts, waitingScope } from '@/server/domain/carrier/smpp/receipts';
import { closePools, restClient, testDeps } from '../helpers';
import { readyMerchant } from '../messaging/setup';

/**
 * A receipt is applied only to a part the connector still waits on (its recipient in the connector's outbox), and
 * the lookup reads only the partitions of carrier_parts from the outbox's lowest recipient id up (D24): a part left
 * waiting in an older block (its recipient expired, or failed on another part, without a receipt) is neither read
 * nor matched, even when it is newer than the live part with the same id (an SMSC that numbers its ids again).
 */
const deps = testDeps();
const db = deps.db;
afterAll(closePools);

const C = 'con_waits';
const c = { id: C, name: 'waits', validityS: 3600, receiptIdFormat: 'exact' as const, gsmCoding: 0 };
/** The live recipient (in the outbox, sent, its part waiting) and one that left the outbox with its part waiting. */
let live: { id: number; dispatch_id: string };
let gone: { id: number; dispatch_id: string };
/** A recipient id of block 0 (carrier_parts_legacy): a part of a month long past. */
const OLD_ID = 1000;

beforeAll(async () => {
  const m = await readyMerchant(deps, { prepaid: '10' });
  const res = await restClient(deps)('POST', '/send', { key: m.apiKey, body: { to: ['+243810000101', '+243810000102'], message: 'Hello' } });
  expect(res.status).toBe(201);
  [live, gone] = await db.execute<{ id: number; dispatch_id: string }>(sql`select id::float8 as id, dispatch_id from message_recipients order by id`);
  expect(live.id).toBeGreaterThan(2 ** 40); // (the current month's block, above block 0)
  await db.execute(sql`
    insert into carrier_parts (recipient_id, connector_id, part_no, parts_total, carrier_message_id, receipt_key, accepted_at) values
      (${live.id}, ${C}, 1, 1, 'k1', 'k1', now() - interval '1 minute'),
      (${OLD_ID}, ${C}, 1, 1, 'k1', 'k1', now()),
      (${gone.id}, ${C}, 1, 1, 'k2', 'k2', now())`);
  await db.execute(sql`
    insert into carrier_outbox (recipient_id, dispatch_id, state, route, connector_id, expires_at)
    values (${live.id}, ${live.dispatch_id}, 'sent', array[${C}::text], ${C}, now() + interval '1 hour')`);
});

/** Index scans of carrier_parts_legacy this transaction made so far. */
async function legacyScans(tx: Db): Promise<number> {
  const [r] = await tx.execute<{ n: number }>(sql`
    select coalesce(idx_scan, 0)::int + coalesce(seq_scan, 0)::int as n from pg_stat_xact_user_tables where relid = 'carrier_parts_legacy'::regclass`);
  return r?.n ?? 0;
}

/** Runs `fn` in a transaction that is rolled back; answers what it returned and the legacy partition's scans. */
async function inRolledBack<T>(fn: (tx: Db) => Promise<T>): Promise<{ value: T; scans: number }> {
  let out: { value: T; scans: number } | undefined;
  await db
    .transaction(async (tx) => {
      const t = tx as unknown as Db;
      const before = await legacyScans(t);
      const value = await fn(t);
      out = { value, scans: (await legacyScans(t)) - before };
      tx.rollback();
    })
    .catch((e: unknown) => {
      if (!(e instanceof TransactionRollbackError)) throw e;
    });
  return out!;
}

describe('receipts and the parts the connector waits on', () => {
  it("a receipt goes to the outbox's part, not to a newer part left waiting in an old block, which is not even read", async () => {
    const { value } = await inRolledBack(async (tx) => {
      const ids = await insertReceipts(tx, c, [{ messageId: 'k1', stat: 'DELIVRD', err: '000' }]);
      const before = await legacyScans(tx);
      const matched = await matchReceipts(tx, await waitingScope(tx, C, new Date()), ids, []);
      const scans = (await legacyScans(tx)) - before;
      const parts = await tx.execute<{ recipient_id: number; stat: string | null }>(sql`
        select recipient_id::float8 as recipient_id, stat from carrier_parts where connector_id = ${C} and receipt_key = 'k1' order by recipient_id`);
      return { matched, parts, scans };
    });
    expect(value.matched.recipients).toEqual([live.id]);
    expect(value.parts).toEqual([
      { recipient_id: OLD_ID, stat: null },
      { recipient_id: live.id, stat: 'DELIVRD' },
    ]);
    expect(value.scans).toBe(0);
  });

  it('a receipt for a part whose recipient left the outbox stays unmatched (kept, never applied)', async () => {
    const { value } = await inRolledBack(async (tx) => {
      const ids = await insertReceipts(tx, c, [{ messageId: 'k2', stat: 'DELIVRD', err: '000' }]);
      const matched = await matchReceipts(tx, await waitingScope(tx, C, new Date()), ids, []);
      const [receipt] = await tx.execute<{ applied: boolean }>(sql`select applied_at is not null as applied from carrier_receipts where id = ${ids[0]}`);
      const [part] = await tx.execute<{ stat: string | null }>(sql`select stat from carrier_parts where recipient_id = ${gone.id} and connector_id = ${C}`);
      return { matched, receipt, part };
    });
    expect(value.matched).toEqual({ recipients: [], applied: [] });
    expect(value.receipt).toEqual({ applied: false });
    expect(value.part).toEqual({ stat: null });
  });

  it("the dispatches a batch's receipts lock are those of the outbox's parts, found without reading the old block", async () => {
    const { value, scans } = await inRolledBack(async (tx) => [...(await lockDispatches(tx, [], dispatchesOfWaitingParts(await waitingScope(tx, C, new Date()), ['k1', 'k2']))).keys()]);
    expect(value).toEqual([live.dispatch_id]);
    expect(scans).toBe(0);
  });
});
