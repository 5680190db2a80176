import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createPipeline } from '@/server/domain/delivery/pipeline';
import { pipelineTasks } from '@/server/jobs/tasks/pipeline-tasks';
import { closePools } from '../helpers';
import { drain } from '../pipeline/drain';
import { carrierHarness, waitFor } from './harness';

const h = carrierHarness();
afterAll(async () => {
  await h.stopManagers();
  await closePools();
});

/**
 * The simulator as the worker runs it: a connector manager holds the `simulator` connector's lease and its driver
 * (SimulatorDriver) delivers what the dispatch put in its outbox, woken by the outbox's notification; only the
 * dispatch job runs here (no simulator pass of drain()).
 */
describe('the simulator connector in a worker (D11, D14 amended)', () => {
  it('takes the lease like any connector, answers and expires from its outbox, and leaves it empty', async () => {
    const m = await h.merchant();
    h.manager({ simulator: { delayMs: 0, validityS: 1, failureRate: 0, magicNumbers: true } });
    const res = await h.call('POST', '/send', { key: m.apiKey, body: { to: ['+243810005555', '+243810001111', '+243810002222', '+243810003333'], message: 'driven' } });
    expect(res.status).toBe(201);
    const id = res.body.data.message_id as string;
    await drain(h.db, pipelineTasks(() => createPipeline(h.db, h.env)));
    const rows = await waitFor(() => h.recipients(id), (r) => r.every((x) => x.state === 'delivered' || x.state === 'failed'), 20_000);
    expect(rows.map((r) => [r.phone, r.state, r.carrier, r.error_code])).toEqual([
      ['+243810005555', 'delivered', 'simulator', null],
      ['+243810001111', 'failed', 'simulator', 'UNKNOWN_SUBSCRIBER'],
      ['+243810002222', 'failed', 'simulator', 'ABSENT_SUBSCRIBER'],
      ['+243810003333', 'failed', 'simulator', 'EXPIRED'],
    ]);
    const [lease] = await h.db.execute<{ bound: number }>(sql`
      select l.bound_sessions as bound from connector_leases l join connectors k on k.id = l.connector_id where k.name = 'simulator'`);
    expect(lease.bound).toBe(1);
    const [{ n }] = await h.db.execute<{ n: number }>(sql`select count(*)::int as n from carrier_outbox o join message_recipients r on r.id = o.recipient_id where r.message_id = ${id}`);
    expect(n).toBe(0);
  }, 40_000);
});
