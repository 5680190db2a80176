import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { emitEvents } from '@/server/domain/webhooks/emit-events';
import { deliverDueWebhooks, type DeliverLimits } from '@/server/domain/webhooks/deliver-due';
import { claimDue, leaseToken } from '@/server/domain/webhooks/deliveries';
import { closePools, makeMerchant, restClient, testDeps, testEnv } from '@/tests/helpers';
import { startReceiver, type Receiver } from './receiver';
import { deliveredEvent, sendVia, settlePending } from './fixtures';

/**
 * The scheduler's fairness promise (server/domain/webhooks/deliver-due.ts): at most perOrgCap requests of one
 * organization in flight at once, however many deliver_webhooks runs are going (graphile-worker starts a second
 * run while one is running: add_job on a locked job's key clears that key and inserts a new job; the wake job has
 * a key of its own), and organizations served round-robin while they all have a backlog.
 */
const env = testEnv({ WEBHOOK_RETRY_SCHEDULE: '1h', WEBHOOK_TIMEOUT_MS: '2000' });
const deps = testDeps({ env });
const db = deps.db;
const call = restClient(deps);
const receivers: Receiver[] = [];
const VODACOM = '+243812345678';

afterEach(() => settlePending(db));
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await closePools();
});

/**
 * `merchants` merchants, each with its own receiver (every answer after `delayMs`, so requests overlap) and
 * `backlog` pending deliveries (the send's own events, one of their deliveries cloned). `order` records every arrival, all receivers.
 */
async function merchantsWithBacklog(merchants: number, backlog: number, delayMs: number) {
  const order: number[] = [];
  const out: Array<{ r: Receiver; org: string }> = [];
  for (let i = 0; i < merchants; i++) {
    const r = await startReceiver({
      '/hook': () => {
        order.push(i);
        return { status: 200, delayMs };
      },
    });
    receivers.push(r);
    const m = await makeMerchant(db, env, { prepaid: '10', keyStatus: 'allowed', webhook: { url: `${r.url}/hook` } });
    const s = await sendVia(db, call, m.apiKey, [VODACOM]);
    expect(await emitEvents(db, [deliveredEvent(s.messageId, s.recipients[0])], { now: new Date() })).toBe(1);
    const [{ org }] = await db.execute<{ org: string }>(sql`select organization_id as org from messages where id = ${s.messageId}`);
    await db.execute(sql`
      insert into webhook_deliveries (id, event_id, organization_id, app_id, url, use_basic_auth, state, next_attempt_at, partition_month)
      select d.id || '_' || g, d.event_id, d.organization_id, d.app_id, d.url, d.use_basic_auth, 'pending', d.next_attempt_at, d.partition_month
        from webhook_deliveries d
       cross join generate_series(1, ${backlog} - (select count(*)::int from webhook_deliveries where organization_id = ${org} and state = 'pending')) g
       where d.id = (select min(id) from webhook_deliveries where organization_id = ${org} and state = 'pending')`);
    out.push({ r, org });
  }
  const [{ n }] = await db.execute<{ n: number }>(sql`select count(*)::int as n from webhook_deliveries where state = 'pending'`);
  expect(n).toBe(merchants * backlog);
  return { order, merchants: out };
}

const runs = (n: number, limits: Partial<DeliverLimits>) =>
  Promise.all(Array.from({ length: n }, () => deliverDueWebhooks({ db, env, now: () => new Date() }, limits)));

async function pendingCount(): Promise<number> {
  const [{ n }] = await db.execute<{ n: number }>(sql`select count(*)::int as n from webhook_deliveries where state = 'pending'`);
  return n;
}

describe('deliver_webhooks fairness across merchants', () => {
  it('concurrent runs never put more than perOrgCap requests of one merchant in flight', async () => {
    const limits: Partial<DeliverLimits> = { perOrgCap: 2, globalCap: 64, perOrgBatch: 4, pollMs: 5, idleWaitMs: 50 };
    const { merchants } = await merchantsWithBacklog(6, 40, 50);
    const stats = await runs(4, limits);

    expect(stats.reduce((a, s) => a + s.succeeded, 0)).toBe(6 * 40);
    expect(await pendingCount()).toBe(0);
    for (const { r } of merchants) {
      expect(r.on('/hook')).toHaveLength(40);
      // Enough backlog and global room: every merchant reaches its cap, none goes past it.
      expect(r.maxOpen('/hook')).toBe(2);
    }
  });

  it('claims made at the same moment by different runs never lease the same merchant to two of them', async () => {
    const { merchants } = await merchantsWithBacklog(6, 40, 0);
    const inAMinute = new Date(Date.now() + 60_000);
    // Several rounds of 8 claims at once (a race: one round need not overlap); leases given back after each.
    for (let round = 0; round < 10; round++) {
      const leases = Array.from({ length: 8 }, () => leaseToken(inAMinute));
      const claims = await Promise.all(leases.map((lease) => claimDue(db, { now: new Date(), limit: 100, perOrg: 4, lease })));

      // Every merchant leased (by whichever claim came first), each to exactly one run, perOrg deliveries of it.
      const runsOf = new Map<string, Set<number>>();
      claims.forEach((c, run) => c.forEach((d) => runsOf.set(d.organizationId, (runsOf.get(d.organizationId) ?? new Set()).add(run))));
      expect([...runsOf.keys()].sort()).toEqual(merchants.map((m) => m.org).sort());
      expect([...runsOf.values()].map((runs) => runs.size)).toEqual(merchants.map(() => 1));
      expect(claims.reduce((n, c) => n + c.length, 0)).toBe(6 * 4);
      await db.execute(sql`update webhook_deliveries set locked_until = null where state = 'pending'`);
    }
  });

  it('a claim cut short by its limit serves first the merchants the run holds least of, then the oldest due', async () => {
    const { merchants } = await merchantsWithBacklog(3, 4, 0);
    // The first merchant's deliveries are the oldest due: left to due time alone, a limit of 2 would take two of them.
    const [a, b, c] = merchants.map((m) => m.org);
    await db.execute(sql`update webhook_deliveries set next_attempt_at = now() - interval '1 minute' where organization_id = ${a}`);
    await db.execute(sql`update webhook_deliveries set next_attempt_at = now() - interval '30 seconds' where organization_id = ${b}`);
    const inAMinute = new Date(Date.now() + 60_000);
    const claim = (held?: Record<string, number>) =>
      claimDue(db, { now: new Date(), limit: 2, perOrg: 4, lease: leaseToken(inAMinute), held });

    // No holdings: one round in due order (rn 1 of a, then rn 1 of b). RETURNING has no order: compare as sets.
    expect((await claim()).map((d) => d.organizationId).sort()).toEqual([a, b].sort());
    await db.execute(sql`update webhook_deliveries set locked_until = null where state = 'pending'`);

    // The run already holds 3 of a and 1 of b: c (none held) first, then b (1 held + its first row ties c's second
    // row at rank 2 and is older due).
    expect((await claim({ [a]: 3, [b]: 1 })).map((d) => d.organizationId).sort()).toEqual([b, c].sort());
    await db.execute(sql`update webhook_deliveries set locked_until = null where state = 'pending'`);
  });

  it('a claim reads each merchant only as far as its ranking can reach, and still fills its limit', async () => {
    const { merchants } = await merchantsWithBacklog(3, 6, 0);
    const [a, b, c] = merchants.map((m) => m.org);
    await db.execute(sql`update webhook_deliveries set next_attempt_at = now() - interval '1 minute' where organization_id = ${a}`);
    const inAMinute = new Date(Date.now() + 60_000);
    const count = (claimed: Array<{ organizationId: string }>) =>
      [a, b, c].map((org) => claimed.filter((d) => d.organizationId === org).length);

    // limit 7 over 3 merchants: a round of ceil(7/3) = 3 each can be reached, so 7 come back (2 rounds, then the
    // oldest due's third), not 6.
    expect(count(await claimDue(db, { now: new Date(), limit: 7, perOrg: 32, lease: leaseToken(inAMinute) }))).toEqual([3, 2, 2]);
    await db.execute(sql`update webhook_deliveries set locked_until = null where state = 'pending'`);

    // The run holds 3 of a: a's first row ranks 4, past the 3 rounds of b and c that fill the limit of 6.
    expect(count(await claimDue(db, { now: new Date(), limit: 6, perOrg: 32, lease: leaseToken(inAMinute), held: { [a]: 3 } }))).toEqual([0, 3, 3]);
    await db.execute(sql`update webhook_deliveries set locked_until = null where state = 'pending'`);

    // One merchant alone: perOrg bounds it, not the limit.
    await db.execute(sql`update webhook_deliveries set state = 'failed' where organization_id <> ${a} and state = 'pending'`);
    expect(count(await claimDue(db, { now: new Date(), limit: 100, perOrg: 4, lease: leaseToken(inAMinute) }))).toEqual([4, 0, 0]);
  });

  it('one run, the global cap binding: while every merchant has a backlog, their counts stay within one round of each other', async () => {
    // Everything leased by the first claim (5 x 24 <= 2 x perOrgBatch), so the order is the dispatch's alone.
    const merchants = 5;
    const backlog = 24;
    const limits: Partial<DeliverLimits> = { perOrgCap: 3, globalCap: 8, perOrgBatch: 64, pollMs: 5, idleWaitMs: 50 };
    const { order } = await merchantsWithBacklog(merchants, backlog, 10);
    const [stats] = await runs(1, limits);

    expect(stats.succeeded).toBe(merchants * backlog);
    expect(order).toHaveLength(merchants * backlog);
    const counts = Array.from({ length: merchants }, () => 0);
    let spread = 0;
    for (const i of order) {
      counts[i]++;
      spread = Math.max(spread, Math.max(...counts) - Math.min(...counts));
      if (counts[i] === backlog) break; // the first merchant done: the others no longer compete with it
    }
    // Round-robin: a freed slot goes to the merchant served longest ago, so in the order requests are started no
    // merchant gets more than 2 ahead of another (the first round gives perOrgCap - 1 = 2 extra of the 8 slots to
    // the first merchants); arrivals may overtake each other only among requests in flight (perOrgCap per merchant),
    // hence 2 + perOrgCap. With the first merchants of the map always served first it was 19-23 (3 and 4 starved).
    expect(spread).toBeLessThanOrEqual(2 + 3);
  });
});
