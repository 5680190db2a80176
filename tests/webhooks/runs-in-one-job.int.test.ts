import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { emitEvents } from '@/server/domain/webhooks/emit-events';
import { deliverDueWebhooks, type DeliverLimits } from '@/server/domain/webhooks/deliver-due';
import { closePools, makeMerchant, restClient, testDeps, testEnv } from '@/tests/helpers';
import { startReceiver, type Receiver } from './receiver';
import { deliveredEvent, sendVia, settlePending } from './fixtures';

/**
 * A run that ran out of time is followed at once by the next one in the same deliver_webhooks job while the job's
 * abort signal is not aborted (server/domain/webhooks/deliver-due.ts). Each answer takes longer than the run's
 * budget and one request is in flight at a time, so a run gets at most one attempt done: one run alone cannot
 * empty the backlog, the runs of one job can.
 */
const env = testEnv({ WEBHOOK_RETRY_SCHEDULE: '1h', WEBHOOK_TIMEOUT_MS: '2000' });
const deps = testDeps({ env });
const db = deps.db;
const call = restClient(deps);
const receivers: Receiver[] = [];
const VODACOM = '+243812345678';
const TINY: Partial<DeliverLimits> = { budgetMs: 20, globalCap: 1, perOrgCap: 1, perOrgBatch: 2 };

beforeEach(async () => {
  await db.execute(sql`select graphile_worker.remove_job('deliver_webhooks_wake')`);
});
afterEach(() => settlePending(db));
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await closePools();
});

/** One merchant, 4 pending deliveries (sms.queued + 3 sms.delivered), every answer after 60 ms. */
async function backlogOf4() {
  const r = await startReceiver({ '/hook': () => ({ status: 200, delayMs: 60 }) });
  receivers.push(r);
  const m = await makeMerchant(db, env, { prepaid: '10', keyStatus: 'allowed', webhook: { url: `${r.url}/hook` } });
  const s = await sendVia(db, call, m.apiKey, [VODACOM, VODACOM, VODACOM]);
  const now = new Date();
  expect(await emitEvents(db, s.recipients.map((x) => deliveredEvent(s.messageId, x, now)), { now })).toBe(3);
  const states = async () =>
    (
      await db.execute<{ state: string; n: number }>(sql`
        select state, count(*)::int as n from webhook_deliveries where organization_id = ${m.organizationId} group by 1 order by 1`)
    ).map((x) => [x.state, x.n]);
  expect(await states()).toEqual([['pending', 4]]);
  return { r, states };
}

const wakeJobs = () => db.execute<{ run_at: string }>(sql`select run_at from graphile_worker.jobs where key = 'deliver_webhooks_wake'`);

describe('deliver_webhooks: runs follow each other in one job while work is left', () => {
  it('with the job signal, one call runs until the backlog is empty, each delivery attempted once', async () => {
    const { r, states } = await backlogOf4();
    const stats = await deliverDueWebhooks({ db, env, now: () => new Date() }, TINY, new AbortController().signal);

    expect(await states()).toEqual([['succeeded', 4]]);
    expect(r.on('/hook')).toHaveLength(4);
    expect(stats).toMatchObject({ attempted: 4, succeeded: 4, failed: 0, retrying: 0, wakeAt: null });
    expect(stats.runs).toBeGreaterThanOrEqual(4); // at most one attempt per run
    expect(await wakeJobs()).toEqual([]);
  });

  it('without a signal, one run: it ends with work left and a wake-up for now', async () => {
    const { r, states } = await backlogOf4();
    const before = Date.now();
    const stats = await deliverDueWebhooks({ db, env, now: () => new Date() }, TINY);

    expect(stats.runs).toBe(1);
    expect(stats.attempted).toBeLessThanOrEqual(1);
    expect(r.on('/hook').length).toBe(stats.attempted);
    const pending = (await states()).find(([s]) => s === 'pending');
    expect(pending).toEqual(['pending', 4 - stats.attempted]);
    expect(stats.wakeAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect((await wakeJobs()).map((j) => new Date(j.run_at).toISOString())).toEqual([stats.wakeAt!.toISOString()]);
  });

  it('an aborted signal (the worker shutting down) stops the run before it leases: nothing sent, a wake-up for now', async () => {
    const { r, states } = await backlogOf4();
    const ac = new AbortController();
    ac.abort();
    const before = Date.now();
    const stats = await deliverDueWebhooks({ db, env, now: () => new Date() }, TINY, ac.signal);

    expect(stats).toMatchObject({ attempted: 0, runs: 1 });
    expect(r.on('/hook')).toHaveLength(0);
    expect(await states()).toEqual([['pending', 4]]);
    expect(stats.wakeAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect((await wakeJobs()).map((j) => new Date(j.run_at).toISOString())).toEqual([stats.wakeAt!.toISOString()]);
  });
});
