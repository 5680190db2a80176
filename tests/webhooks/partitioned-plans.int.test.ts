import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/db/client';
import { moveWithEvents } from '@/server/domain/delivery/transitions';
import { deriveReceipts } from '@/server/domain/smpp-access/receipts';
import { claimDue, recordAttempts, releaseRunLeases, type AttemptRecord, type ClaimedDelivery } from '@/server/domain/webhooks/deliveries';
import { emitEvents } from '@/server/domain/webhooks/emit-events';
import { closePools, makeMerchant, restClient, testDeps, testEnv } from '../helpers';
import { deliveredEvent, sendVia } from './fixtures';
import { planNodes, type PlanNode } from '../plan-nodes';

/**
 * D24: the hot statements on webhook_events and webhook_deliveries, partitioned by month, on 17 partitions each (the
 * first, 12 months of history with 5,000 events and deliveries each, and the months ahead, empty), run through
 * auto_explain (JSON, with actual figures) with custom and with generic plans (a prepared statement switches to a
 * generic plan after 5 runs; runtime pruning must then do what plan-time pruning did). No statement reads a partition
 * that holds rows by a sequential scan; and where the statement knows the month (the claim's lease of its chosen
 * deliveries, and their events' payloads), each row costs one primary-key probe in one partition, not one per
 * partition.
 */
const env = testEnv();
const deps = testDeps({ env });
const { db } = deps;
const call = restClient(deps);
const MONTHS = 12;
const PER_MONTH = 5_000;
const PENDING = 300;

/** One connection, its statements' plans sent back as notices (auto_explain at LOG, client_min_messages log). */
const notices: string[] = [];
const client = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: (n) => notices.push(n.message), types: { bigint: postgres.BigInt } });
const traced = drizzle(client) as unknown as Db;

type Explained = { text: string; nodes: PlanNode[] };

/** The plans of the statements `run` issues, each with its text and every node of its tree. */
async function explained(run: () => Promise<unknown>): Promise<Explained[]> {
  notices.length = 0;
  await run();
  return notices.flatMap((n) => {
    const at = n.indexOf('{');
    if (!n.startsWith('duration:') || at < 0) return [];
    const plan = JSON.parse(n.slice(at)) as { 'Query Text': string; Plan: PlanNode };
    return [{ text: plan['Query Text'], nodes: planNodes(plan.Plan) }];
  });
}

const partitionOf = (node: PlanNode) => /^webhook_(events|deliveries)_/.test(node['Relation Name'] ?? '');
/** Sequential scans that read blocks of an events or deliveries partition (an empty one costs nothing: not counted). */
const scans = (plans: Explained[]) =>
  plans.flatMap((p) =>
    p.nodes
      .filter((n) => n['Node Type'] === 'Seq Scan' && partitionOf(n) && n['Actual Loops'] > 0 && (n['Shared Hit Blocks'] ?? 0) + (n['Shared Read Blocks'] ?? 0) > 0)
      .map((n) => n['Relation Name']),
  );
/** How many times the statement probed a primary key of the table's partitions. */
const keyProbes = (plan: Explained, table: string) =>
  plan.nodes.filter((n) => n['Index Name']?.startsWith(`${table}_`) && n['Index Name'].endsWith('_pkey')).reduce((sum, n) => sum + n['Actual Loops'], 0);

let message: Awaited<ReturnType<typeof sendVia>>;

beforeAll(async () => {
  const m = await makeMerchant(db, env, { prepaid: '100', keyStatus: 'allowed', webhook: { url: 'https://hooks.example.com/plans' } });
  // the months ahead: with the current month's 4, every month up to 16 months from now
  for (const t of ['webhook_events', 'webhook_deliveries']) await db.execute(sql`select retention_ensure_partitions(${t}, 'partition_month', now() + interval '12 months', 4)`);
  // history: the events of recipients from before the partitioning (block 0, the first partition; ids above the
  // send's below) and of each of the next 12 months' id blocks, each with a succeeded delivery; the newest month's last PENDING deliveries still due
  const first = (await db.execute<{ block: number }>(sql`
    select ((extract(year from upper) - 2000) * 12 + extract(month from upper) - 1)::int as block
      from (select substring(pg_get_expr(c.relpartbound, c.oid) from 'TO \\(''([^'']+)''\\)')::timestamptz at time zone 'UTC' as upper
              from pg_class c where c.relname = 'webhook_events_legacy') x`))[0].block;
  await db.execute(sql`
    insert into webhook_events (id, organization_id, app_id, message_id, dispatch_id, recipient_id, event_type, payload, created_at, partition_month, tx)
    select md5('plan ' || r.id)::uuid, ${m.organizationId}, ${m.appId}, 'msg_plan' || (r.id / 100), 'dsp_plan', r.id,
           (array['sms.processing', 'sms.sent', 'sms.delivered'])[1 + g % 3], '{"data": {}}', now(), recipient_id_month(r.id), '1'::xid8
      from generate_series(0, ${MONTHS}) k cross join generate_series(1, ${PER_MONTH}) g
     cross join lateral (select case when k = 0 then 1000000 + g else ((${first} + k - 1)::bigint << 40) + g end as id) r`);
  await db.execute(sql`
    insert into webhook_deliveries (id, event_id, organization_id, app_id, url, state, attempts, next_attempt_at, created_at, updated_at, partition_month)
    select 'whd_plan' || md5(e.id::text), e.id, e.organization_id, e.app_id, 'https://hooks.example.com/plans', 'succeeded', 1, null, now(), now(), e.partition_month
      from webhook_events e where e.message_id like 'msg_plan%'`);
  await db.execute(sql`
    update webhook_deliveries set state = 'pending', attempts = 0, next_attempt_at = now() - interval '1 minute'
     where id in (select id from webhook_deliveries order by partition_month desc, id limit ${PENDING})`);
  await db.execute(sql`analyze webhook_events, webhook_deliveries`);
  message = await sendVia(db, call, m.apiKey, ['+243810000001', '+243810000002', '+243810000003', '+243810000004']);
  // the consumers have read everything so far
  await db.execute(sql`update event_consumers set done_below = pg_snapshot_xmin(pg_current_snapshot())`);
  await client`load 'auto_explain'`;
  await client`select set_config('auto_explain.log_min_duration', '0', false), set_config('auto_explain.log_analyze', 'on', false),
                      set_config('auto_explain.log_buffers', 'on', false), set_config('auto_explain.log_nested_statements', 'on', false),
                      set_config('auto_explain.log_format', 'json', false), set_config('client_min_messages', 'log', false)`;
}, 120_000);
afterAll(async () => {
  await client.end();
  await closePools();
});

describe.each([
  ['custom', 'force_custom_plan', 0],
  ['generic', 'force_generic_plan', 1],
] as const)('on 17 partitions, with %s plans', (_, mode, k) => {
  beforeAll(async () => {
    await client.unsafe(`set plan_cache_mode = ${mode}`);
  });

  it('the emitters insert without reading a partition', async () => {
    const recipient = message.recipients[k];
    const plans = await explained(async () => {
      await emitEvents(traced, [deliveredEvent(message.messageId, recipient)], { now: new Date() });
      await traced.transaction(async (tx) => {
        const d = { id: recipient.dispatch_id, messageId: message.messageId, dispatchAt: null, firstRecipientId: Math.min(...message.recipients.map((r) => r.id)) };
        await moveWithEvents(tx, d, { from: 'pending', to: 'processing', type: 'sms.processing' }, [{ id: message.recipients[k + 2].id, carrier: 'sim' }], new Date());
      });
    });
    expect(plans.filter((p) => /insert into "webhook_(events|deliveries)"/.test(p.text))).toHaveLength(4);
    expect(scans(plans)).toEqual([]);
  });

  it('the delivery claim reads indexes, and leases each chosen delivery (and reads its event) with one probe in its partition', async () => {
    const lease = new Date(Date.now() + 60_000).toISOString();
    let claimed: ClaimedDelivery[] = [];
    const plans = await explained(async () => {
      claimed = await claimDue(traced, { now: new Date(), limit: 256, perOrg: 128, lease });
    });
    expect(claimed.length).toBeGreaterThan(100);
    expect(scans(plans)).toEqual([]);
    const [update] = plans.filter((p) => /update "webhook_deliveries" d/.test(p.text));
    expect(keyProbes(update, 'webhook_deliveries')).toBe(claimed.length);
    expect(keyProbes(update, 'webhook_events')).toBe(claimed.length);

    const records: AttemptRecord[] = claimed.map((d) => ({
      delivery: d,
      attemptedAt: new Date(),
      now: new Date(),
      result: { statusCode: 200, latencyMs: 5, error: null, outcome: 'ack', responseBody: '' },
      step: { state: 'succeeded' },
    }));
    expect(scans(await explained(() => recordAttempts(traced, records)))).toEqual([]);
    await releaseRunLeases(db, lease);
  });

  it('the consumer of the terminal events reads them by transaction through the partial index', async () => {
    const plans = await explained(() => deriveReceipts(traced));
    const [consumer] = plans.filter((p) => p.text.includes('event_consumers'));
    expect(consumer.nodes.some((n) => n['Index Name']?.startsWith('webhook_events_') && n['Index Name'].endsWith('tx_idx'))).toBe(true);
    expect(scans(plans)).toEqual([]);
  });
});
