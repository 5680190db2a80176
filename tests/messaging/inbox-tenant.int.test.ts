import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { conversationItems } from '@/server/domain/inbox/conversation-items';
import { latestSendsSql, planningWithoutSorts } from '@/server/domain/inbound/receive-inbound';
import { assignNumber, inboundRows } from '../carrier/inbound-helpers';
import { closePools, restClient, testClock, testDeps, testEnv } from '../helpers';
import { explainedNodes, rowsOut } from '../plan-nodes';
import { readyMerchant } from './setup';

/**
 * D24: a conversation's sends are read within the tenant, through message_recipients_org_phone_id_idx
 * (organization_id, phone, id). Another organization's traffic to the same phone (here 2,000 sends written in
 * bulk) is neither shown nor read: the plan's range on the index holds the conversation's own deliveries only.
 */
const T0 = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 3_600_000);
const clock = testClock(T0);
const env = testEnv({ CARRIER_SIM_DELAY_MS: '0', CARRIER_SIM_VALIDITY_S: '0' });
const deps = testDeps({ env, clock: clock.now });
const call = restClient(deps);
afterAll(closePools);

const P = '+243810000077';
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
let numberSeq = 0;

async function merchant() {
  const m = await readyMerchant(deps, { prepaid: '10' });
  const number = `2439902${String(++numberSeq).padStart(5, '0')}`;
  await assignNumber(deps.db, m, number);
  const mo = async (from: string, text: string) => {
    const res = await call('POST', '/inbound/simulate', { key: m.apiKey, body: { from, to: number, text } });
    expect(res.status).toBe(202);
    return res.body.data.inbound_id as string;
  };
  const send = async (to: string[], message: string) => {
    const res = await call('POST', '/send', { key: m.apiKey, body: { to, message } });
    expect(res.status).toBe(201);
    return res.body.data.message_id as string;
  };
  return { ...m, number, mo, send };
}

/** `count` sends of `each` recipients by `organizationId`, written as the send's statement writes them, before T0. */
async function bulkSends(organizationId: string, tag: string, count: number, each: number, phone: (g: SQL, p: SQL) => SQL) {
  await deps.db.execute(sql`
    with g as (select g, ${`msg_bulk_${tag}_`} || g as id, ${`dsp_bulk_${tag}_`} || g as dispatch_id,
                      ${T0.toISOString()}::timestamptz - g * interval '1 second' as created_at
                 from generate_series(1, ${count}::int) g),
         m as (insert into messages (id, organization_id, app_id, sending_type, body, encoding, segments, total_recipients, dispatches_total,
                                     total_messages, total_cost, currency, created_at, updated_at)
               select id, ${organizationId}, 'app_bulk', 'immediate', 'bulk', 'GSM-7', 1, ${each}::int, 1, ${each}::int, 0.02, 'USD', created_at, created_at
                 from g),
         d as (insert into message_dispatches (id, message_id, seq, cost) select dispatch_id, id, 0, 0.02 from g)
    insert into message_recipients (message_id, organization_id, dispatch_id, position, phone, price)
    select id, ${organizationId}, dispatch_id, p, ${phone(sql.raw('g.g'), sql.raw('p'))}, 0.02 from g cross join generate_series(0, ${each - 1}::int) p`);
}

/** The plans of conversationItems' two statements (MO, sends), run with EXPLAIN ANALYZE: the statements the Inbox sends. */
async function conversationPlans(organizationId: string, phone: string): Promise<string[]> {
  const plans: string[] = [];
  const explaining = {
    execute: async (q: SQL) => {
      const rows = await deps.db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, costs off, timing off, summary off) ${q}`);
      plans.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
      return [];
    },
  } as unknown as DbOrTx;
  await conversationItems(explaining, { organizationId, phone, readThrough: null, limit: 25, now: at(10) });
  return plans;
}

/** The in_reply_to probe's plan, run with EXPLAIN ANALYZE as receiveInbound runs it (planningWithoutSorts). */
async function probePlan(probe: SQL): Promise<unknown> {
  return deps.db.transaction(async (tx) =>
    planningWithoutSorts(tx, async () => (await tx.execute<{ 'QUERY PLAN': unknown }>(sql`explain (analyze, format json) ${probe}`))[0]['QUERY PLAN']));
}

let a: Awaited<ReturnType<typeof merchant>>;
let b: Awaited<ReturnType<typeof merchant>>;
let bSends: string[];
let aSend: string;

beforeAll(async () => {
  a = await merchant();
  b = await merchant();
  clock.set(at(0));
  await a.mo(P, 'Hello A');
  await b.mo(P, 'Hello B');
  clock.set(at(1));
  bSends = [await b.send([P], 'B one')];
  clock.set(at(2));
  aSend = await a.send([P], 'A one');
  clock.set(at(3));
  bSends.unshift(await b.send([P, '+243810000078'], 'B two'));
  // A's heavy traffic to the same phone, B's to other phones (walking B's sends by time would read them all), and a
  // third organization's 30,000 recipients, so that the phone is not half of the table (as it never is in production)
  await bulkSends(a.organizationId, 'a', 2000, 1, () => sql`${P}`);
  await bulkSends(b.organizationId, 'b', 2000, 1, (g) => sql`'+2438101' || lpad(${g}::text, 5, '0')`);
  await bulkSends('org_bulk_c', 'c', 300, 100, (g, p) => sql`'+2438102' || lpad((${g} * 100 + ${p})::text, 5, '0')`);
  await deps.db.execute(sql`analyze messages`);
  await deps.db.execute(sql`analyze message_recipients`);
}, 60_000);

describe('a conversation is read within its tenant (D24)', () => {
  it("carries each send's organization on its recipients", async () => {
    const rows = await deps.db.execute<{ message_id: string; organization_id: string }>(sql`
      select message_id, organization_id from message_recipients where message_id in (${aSend}, ${bSends[0]}, ${bSends[1]}) order by id`);
    expect(rows).toEqual([
      { message_id: bSends[1], organization_id: b.organizationId },
      { message_id: aSend, organization_id: a.organizationId },
      { message_id: bSends[0], organization_id: b.organizationId },
      { message_id: bSends[0], organization_id: b.organizationId },
    ]);
  });

  it("shows the tenant's own sends and MO only, another organization's sends to the same phone invisible", async () => {
    const conv = await b.api.inbox.get({ phone: P });
    expect(conv.items.map((i) => (i.kind === 'send' ? `send ${i.message_id}` : `mo ${i.text}`))).toEqual([
      `send ${bSends[0]}`,
      `send ${bSends[1]}`,
      'mo Hello B',
    ]);
    const ofA = await a.api.inbox.get({ phone: P });
    const shownOfA = ofA.items.flatMap((i) => (i.kind === 'send' ? [i.message_id] : []));
    expect(shownOfA[0]).toBe(aSend);
    expect(shownOfA.filter((id) => bSends.includes(id))).toEqual([]);
  });

  it("reads the conversation's sends through (organization_id, phone, id), the tenant's two deliveries and nothing else", async () => {
    const plans = await conversationPlans(b.organizationId, P);
    expect(plans).toHaveLength(2);
    const sendsPlan = plans.find((p) => p.includes('message_recipients')) ?? '';
    // an index scan of the partition that holds them (this month's block of ids, D24), or a bitmap one on a small
    // table: either way, two rows out of the index; the other partitions are empty here
    expect(sendsPlan).toMatch(
      /(Index Scan using message_recipients_p\d{6}_organization_id_phone_id_idx on message_recipients_p\d{6} x_\d+|Bitmap Index Scan on message_recipients_p\d{6}_organization_id_phone_id_idx) \(actual rows=2(\.00)? loops=1\)/,
    );
    expect(sendsPlan).toContain("Index Cond: ((organization_id = '");
    expect(sendsPlan).not.toContain('messages_org_created_idx');
    // (a sequential scan only of the partitions with no row at all: empty, nothing filtered out)
    expect(sendsPlan).not.toContain('Rows Removed by Filter');
    const scanned = [...sendsPlan.matchAll(/Seq Scan on (\w+)/g)].map((x) => x[1]);
    const [{ empty }] = await deps.db.execute<{ empty: boolean }>(sql`
      select coalesce(bool_and(c.reltuples <= 0 and pg_relation_size(c.oid) = 0), true) as empty from pg_class c where c.relname = any(${`{${scanned.join(',')}}`}::text[])`);
    expect(empty).toBe(true);
  });

  it("an MO replies to the tenant's own latest send to the phone, not another's newer one", async () => {
    clock.set(at(4));
    const later = await a.send([P], 'A two, newer than every send of B');
    clock.set(at(5));
    const id = await b.mo(P, 'Thanks B');
    const [row] = await inboundRows(deps.db, sql`id = ${id}`);
    expect(row.in_reply_to).toBe(bSends[0]);
    expect(row.in_reply_to).not.toBe(later);
  });

  it("reads an MO's in_reply_to from the recipients' partitions of its 7 days only, never an older month's (D24)", async () => {
    const probe = latestSendsSql([{ i: 0, organizationId: b.organizationId, phone: P, at: at(4) }]);
    expect(await deps.db.execute<{ i: number; id: string }>(probe)).toEqual([{ i: 0, id: bSends[0] }]);
    const plan = await probePlan(probe);
    const read = explainedNodes(plan)
      .filter((n) => n['Relation Name']?.startsWith('message_recipients') && n['Actual Loops'] > 0)
      .map((n) => n['Relation Name']!);
    // this month's partition holds the sends; the first partition (ids from before partitioning) is older than any
    // 7 days and is not read
    expect(read).toContain(`message_recipients_p${at(4).toISOString().slice(0, 7).replace('-', '')}`);
    expect(read).not.toContain('message_recipients_legacy');
    // and not planned either: the batch's earliest window start prunes it when the statement is planned with its values
    // (as the connector's pool plans every statement)
    expect(JSON.stringify(plan)).not.toContain('message_recipients_legacy');
  });

  it("reads an MO's in_reply_to newest delivery first and stops at the first send of its window, whatever the phone's history", async () => {
    const Q = '+243810000099';
    // 300 sends of B to Q over the 5 hours before T0, ids in the order of their creation, and one 8 days old to R
    const R = '+243810000098';
    await deps.db.execute(sql`
      with g as (select g, 'msg_reply_' || g as id, 'dsp_reply_' || g as dispatch_id,
                        ${T0.toISOString()}::timestamptz - (301 - g) * interval '1 minute' as created_at from generate_series(1, 300) g
                 union all select 0, 'msg_reply_old', 'dsp_reply_old', ${T0.toISOString()}::timestamptz - interval '8 days'),
           m as (insert into messages (id, organization_id, app_id, sending_type, body, encoding, segments, total_recipients, dispatches_total,
                                       total_messages, total_cost, currency, created_at, updated_at)
                 select id, ${b.organizationId}, 'app_bulk', 'immediate', 'bulk', 'GSM-7', 1, 1, 1, 1, 0.02, 'USD', created_at, created_at from g),
           d as (insert into message_dispatches (id, message_id, seq, cost) select dispatch_id, id, 0, 0.02 from g)
      insert into message_recipients (message_id, organization_id, dispatch_id, position, phone, price)
      select id, ${b.organizationId}, dispatch_id, 0, case when g = 0 then ${R} else ${Q} end, 0.02 from g order by g`);
    await deps.db.execute(sql`analyze message_recipients, messages`);
    const probe = latestSendsSql([
      { i: 0, organizationId: b.organizationId, phone: Q, at: at(4) },
      { i: 1, organizationId: b.organizationId, phone: R, at: at(4) },
      { i: 2, organizationId: a.organizationId, phone: Q, at: at(4) },
    ]);
    expect(await deps.db.execute<{ i: number; id: string }>(probe)).toEqual([{ i: 0, id: 'msg_reply_300' }]);
    const plan = await probePlan(probe);
    const rows = explainedNodes(plan)
      .filter((n) => n['Relation Name']?.startsWith('message_recipients'))
      .reduce((sum, n) => sum + rowsOut(n), 0);
    // Q's newest delivery, R's one (outside the window), none of A's: not Q's 300
    expect(rows).toBeLessThanOrEqual(3);
  });

  it('has no index on the phone alone any more, and refuses a recipient row without organization', async () => {
    const [{ indexes, nullable }] = await deps.db.execute<{ indexes: string[]; nullable: string }>(sql`
      select (select array_agg(indexname::text order by indexname) from pg_indexes where tablename = 'message_recipients') as indexes,
             (select is_nullable from information_schema.columns where table_name = 'message_recipients' and column_name = 'organization_id') as nullable`);
    expect(indexes).toContain('message_recipients_org_phone_id_idx');
    expect(indexes).not.toContain('message_recipients_org_phone_idx');
    expect(indexes).not.toContain('message_recipients_phone_idx');
    expect(nullable).toBe('NO'); // 0040's check, validated, became NOT NULL with the partitions (0044)
    await expect(
      deps.db.execute(sql`insert into message_recipients (message_id, dispatch_id, position, phone, price) values ('msg_x', 'dsp_x', 0, ${P}, 0)`),
    ).rejects.toMatchObject({ cause: { code: '23502', column_name: 'organization_id' } });
  });
});
