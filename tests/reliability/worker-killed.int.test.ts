import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { setRateLimits } from '@/server/domain/keys/manage-keys';
import { closePools, makeMerchant, restClient, testDeps } from '../helpers';
import { startProc, waitFor, type Proc } from './service';

/**
 * Issue 6, reliability 2: the worker process is killed with SIGKILL in the
 * middle of dispatching 10,000 recipients (10 sends of 1000) and started
 * again. Every recipient ends in exactly one terminal state, each (recipient x
 * dispatch, event type) has one event_id, nothing is submitted twice, and the
 * jobs the dead worker held are given back at once (not after graphile-worker's
 * 4 hours).
 */
const deps = testDeps();
const db = deps.db;
const call = restClient(deps);
const workers: Proc[] = [];
const workerEnv = { CARRIER_SIM_DELAY_MS: '150', CARRIER_SIM_VALIDITY_S: '15', WORKER_CONCURRENCY: '4', LOG_LEVEL: 'warn' };
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await closePools();
});

/** 1000 numbers of block `k`: mostly delivered, every 50th one of the sandbox's failing magic numbers. */
function numbers(k: number): string[] {
  const magic = ['1111', '2222', '3333'];
  return Array.from({ length: 1000 }, (_, i) => `+24382${String(k).padStart(3, '0')}${i % 50 === 49 ? magic[(i / 50) % 3 | 0] : 5000 + i}`);
}
const magicCount = { '1111': 0, '2222': 0, '3333': 0 };
for (let i = 49; i < 1000; i += 50) magicCount[(['1111', '2222', '3333'] as const)[(i / 50) % 3 | 0]]++;

async function terminal(): Promise<number> {
  const [r] = await db.execute<{ n: number }>(sql`select count(*)::int as n from message_recipients where state in ('delivered', 'failed')`);
  return r.n;
}

describe('worker killed with SIGKILL mid-dispatch, then restarted', () => {
  it('10,000 recipients: one terminal state each, one event per type, nothing submitted twice', async () => {
    const m = await makeMerchant(db, deps.env, { prepaid: '1000' });
    await setRateLimits(db, m.appId, { send: 100 });
    const ids: string[] = [];
    for (let k = 0; k < 10; k++) {
      const res = await call('POST', '/send', { key: m.apiKey, body: { to: numbers(k), message: 'Reliability' } });
      expect(res.status).toBe(201);
      ids.push(res.body.data.message_id);
    }

    const first = startProc(['run', 'worker'], workerEnv);
    workers.push(first);
    // Kill while recipients are on their way (in the simulator connector's outbox, which this worker owns), not
    // before, not after.
    await waitFor(async () => {
      const [r] = await db.execute<{ moving: number; done: number }>(sql`
        select (select count(*)::int from message_recipients where state <> 'pending') as moving,
               (select count(*)::int from message_recipients where state in ('delivered', 'failed')) as done`);
      return r.moving > r.done && r.done >= 500 && r.done <= 9000;
    }, 60_000, 10);
    await first.kill();
    const atKill = await terminal();
    expect(atKill).toBeLessThan(10_000);
    const [{ stuck }] = await db.execute<{ stuck: number }>(sql`select count(*)::int as stuck from graphile_worker.jobs where locked_at is not null`);

    const second = startProc(['run', 'worker'], workerEnv);
    workers.push(second);
    const started = Date.now();
    await waitFor(async () => (await terminal()) === 10_000, 60_000, 100).catch(async (e) => {
      const jobs = await db.execute(sql`select task_identifier, locked_by, locked_at, attempts, last_error, run_at from graphile_worker.jobs`);
      const beats = await db.execute(sql`select * from worker_heartbeats`);
      const st = await db.execute(sql`select state, count(*)::int from message_recipients group by 1`);
      throw new Error(`${(e as Error).message}\n${JSON.stringify({ jobs, beats, st }, null, 1)}\n${second.output()}`);
    });
    const recoveredMs = Date.now() - started;

    // Exactly one terminal state per recipient, the right one.
    const states = await db.execute<{ state: string; error_code: string | null; n: number }>(sql`
      select state, error_code, count(*)::int as n from message_recipients group by 1, 2 order by 1, 2`);
    expect(states.map((s) => [s.state, s.error_code, s.n])).toEqual([
      ['delivered', null, 10_000 - 10 * (magicCount['1111'] + magicCount['2222'] + magicCount['3333'])],
      ['failed', 'ABSENT_SUBSCRIBER', 10 * magicCount['2222']],
      ['failed', 'EXPIRED', 10 * magicCount['3333']],
      ['failed', 'UNKNOWN_SUBSCRIBER', 10 * magicCount['1111']],
    ]);
    const counters = await db.execute<{ id: string; delivered: number; failed: number; picked_up: number; dispatches_done: number }>(sql`
      select id, delivered, failed, picked_up, dispatches_done from messages where id = any(string_to_array(${ids.join(',')}, ','))`);
    for (const c of counters) expect([c.delivered + c.failed, c.picked_up, c.dispatches_done]).toEqual([1000, 1000, 1]);

    // One event_id per (recipient x dispatch, event type); nothing sent (submitted) twice.
    const events = await db.execute<{ event_type: string; n: number; recipients: number }>(sql`
      select event_type, count(*)::int as n, count(distinct (recipient_id, dispatch_id))::int as recipients
        from webhook_events where message_id = any(string_to_array(${ids.join(',')}, ',')) group by 1 order by 1`);
    const sentOnce = 10_000 - 10 * magicCount['1111'];
    expect(events.map((e) => [e.event_type, e.n, e.recipients])).toEqual([
      ['sms.delivered', 10_000 - 10 * (magicCount['1111'] + magicCount['2222'] + magicCount['3333']), 10_000 - 10 * (magicCount['1111'] + magicCount['2222'] + magicCount['3333'])],
      ['sms.failed', 10 * (magicCount['1111'] + magicCount['2222'] + magicCount['3333']), 10 * (magicCount['1111'] + magicCount['2222'] + magicCount['3333'])],
      ['sms.processing', 10_000, 10_000],
      ['sms.queued', 10, 1],
      ['sms.sent', sentOnce, sentOnce],
    ]);
    const [{ twice }] = await db.execute<{ twice: number }>(sql`
      select count(*)::int as twice from (select recipient_id from webhook_events where event_type = 'sms.sent' group by 1 having count(*) > 1) x`);
    expect(twice).toBe(0);
    // D20: each 1111 (0.02, refused at submission) refunded once, with its failure, whatever the crash interrupted;
    // the wallet still equals its ledger. In cents: 10 sends of 1000 x 2, less 2 per 1111.
    const refunded = await db.execute<{ refunded_amount: string; rows: string }>(sql`
      select m.refunded_amount, (select sum(amount) from wallet_ledger l where l.message_id = m.id and l.entry_type = 'refund')::numeric(18,4)::text as rows
        from messages m where m.id = any(string_to_array(${ids.join(',')}, ','))`);
    const perSend = (magicCount['1111'] * 2 / 100).toFixed(4);
    expect(refunded.map((r) => [r.refunded_amount, r.rows])).toEqual(ids.map(() => [perSend, perSend]));
    const [wallet] = await db.execute<{ balance: string; ledger: string }>(sql`
      select balance, (select sum(amount) from wallet_ledger l where l.wallet_id = w.id)::numeric(18,4)::text as ledger
        from wallets w where organization_id = ${m.organizationId}`);
    expect([wallet.balance, wallet.ledger]).toEqual(Array(2).fill(((100_000 - 20_000 + 10 * magicCount['1111'] * 2) / 100).toFixed(4)));
    // The dead worker's locks were given back at start, not after 4 hours.
    const [{ locked }] = await db.execute<{ locked: number }>(sql`select count(*)::int as locked from graphile_worker.jobs where locked_at is not null`);
    expect(locked).toBe(0);
    console.log(`worker killed at ${atKill}/10000 terminal with ${stuck} job(s) locked; the restarted worker finished in ${recoveredMs} ms`);
  }, 150_000);
});
