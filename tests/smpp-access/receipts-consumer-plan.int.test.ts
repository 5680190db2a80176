import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveReceipts } from '@/server/domain/smpp-access/receipts';
import { emitEvents } from '@/server/domain/webhooks/emit-events';
import { closePools, makeMerchant, restClient, testDeps, testEnv } from '../helpers';
import { deliveredEvent, sendVia } from '../webhooks/fixtures';

/**
 * The consumer that derives the SMPP receipts owed to ESMEs (D15) reads each new terminal event's message by its
 * key, whatever the statistics say of the history. With a history of API sends (none over SMPP) the planner reads
 * `channel = 'smpp'` as a handful of messages and the events since the consumer's position as thousands: it hashed
 * every message of the table to join them (a sequential scan of `messages` at every sweep and every claim: 2 s at
 * 10 million recipients in the growth bench). Counted in the consumer's own transaction (pg_stat_xact_user_tables).
 */
const env = testEnv();
const deps = testDeps({ env });
const { db } = deps;
const call = restClient(deps);
const HISTORY = 20_000;

let sent: Awaited<ReturnType<typeof sendVia>>;
/** One send over SMPP that asked for receipts (registered_delivery 1): a copy of the API send's row. */
const smppMessage = 'msg_smpp_plan';

beforeAll(async () => {
  const m = await makeMerchant(db, env, { prepaid: '100', keyStatus: 'allowed' });
  sent = await sendVia(db, call, m.apiKey, ['+243810000011', '+243810000012', '+243810000013', '+243810000014']);
  // a history of API sends and their terminal events, all read by the consumer already (tx 1)
  await db.execute(sql`
    insert into messages
    select (jsonb_populate_record(m, jsonb_build_object('id', 'msg_hist' || g, 'channel', 'api'))).*
      from messages m cross join generate_series(1, ${HISTORY}) g where m.id = ${sent.messageId}`);
  await db.execute(sql`
    insert into webhook_events (id, organization_id, app_id, message_id, dispatch_id, recipient_id, event_type, payload, created_at, partition_month, tx)
    select md5('hist ' || g)::uuid, e.organization_id, e.app_id, 'msg_hist' || (1 + g % ${HISTORY}), e.dispatch_id, e.recipient_id,
           'sms.delivered', e.payload, e.created_at, e.partition_month, '1'::xid8
      from webhook_events e cross join generate_series(1, ${HISTORY * 2}) g
     where e.message_id = ${sent.messageId} and e.event_type = 'sms.queued'`);
  await db.execute(sql`
    insert into messages
    select (jsonb_populate_record(m, jsonb_build_object('id', ${smppMessage}::text, 'channel', 'smpp', 'smpp_registered_delivery', 1))).*
      from messages m where m.id = ${sent.messageId}`);
  await db.execute(sql`analyze messages, webhook_events`);
  await db.execute(sql`update event_consumers set done_below = pg_snapshot_xmin(pg_current_snapshot()) where name = 'smpp_receipts'`);
}, 120_000);
afterAll(closePools);

describe('the SMPP receipts consumer on a history of API sends', () => {
  it("reads each new event's message by key, never the whole messages table, and derives the receipt owed", async () => {
    const at = new Date();
    // three of the API send's recipients delivered, and the SMPP send's one (the fourth recipient row stands for it)
    const [a, b, c, d] = sent.recipients;
    await emitEvents(db, [...[a, b, c].map((r) => deliveredEvent(sent.messageId, r, at)), deliveredEvent(smppMessage, d, at)], { now: at });
    // (the consumer reads up to the oldest transaction running in the cluster: another test file's open transaction
    // can hold it below these events for a while, and every run until then derives nothing)
    const runs: Array<{ derived: number; seq: number; idx: number }> = [];
    const deadline = Date.now() + 60_000;
    while (!runs.some((r) => r.derived > 0) && Date.now() < deadline) {
      runs.push(await db.transaction(async (tx) => {
        const derived = await deriveReceipts(tx as never);
        const [reads] = await tx.execute<{ seq: number; idx: number }>(sql`
          select seq_scan::int as seq, coalesce(idx_scan, 0)::int as idx from pg_stat_xact_user_tables where relname = 'messages'`);
        return { derived, ...reads };
      }));
      if (!runs.at(-1)!.derived) await new Promise((r) => setTimeout(r, 200));
    }
    expect(runs.map((r) => r.seq)).toEqual(runs.map(() => 0));
    const { derived, idx } = runs.at(-1)!;
    expect(derived).toBe(1);
    // (a probe per new event, 4; the plan may probe a key twice, never the table's 20,000)
    expect(idx).toBeGreaterThanOrEqual(4);
    expect(idx).toBeLessThanOrEqual(8);
    const owed = await db.execute<{ message_id: string; stat: string; phone: string }>(sql`select message_id, stat, phone from smpp_receipts`);
    expect([...owed]).toEqual([{ message_id: smppMessage, stat: 'DELIVRD', phone: sent.recipients[3].phone }]);
  });
});
