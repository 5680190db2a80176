import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { Logger, runTaskListOnce } from 'graphile-worker';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '@/server/cli/run-cli';
import { createPipeline } from '@/server/domain/delivery/pipeline';
import { getSystemStatus } from '@/server/domain/operations/get-system-status';
import { createTaskList } from '@/server/jobs/task-list';
import type { SystemStatus } from '@/shared/contracts/operations';
import { signedUpCaller } from '@/tests/dashboard-helpers';
import { refused } from '@/tests/team-helpers';
import { closePools, makeMerchant, restClient, testDeps, testEnv } from '../helpers';
import { drain } from '../pipeline/drain';
import { startReceiver } from '../webhooks/receiver';

/**
 * The operator's System facts with real jobs in graphile-worker's queue, real heartbeats, real webhook attempts
 * that failed: the domain function, the console procedure (operators only) and `npm run admin -- status --json`
 * agree, figure for figure.
 */
let now = new Date();
const env = testEnv({ CARRIER_SIM_DELAY_MS: '0', WEBHOOK_RETRY_SCHEDULE: '1h' });
const deps = testDeps({ env, clock: () => now });
const { db } = deps;
const call = restClient(deps);
const tasks = createTaskList(() => createPipeline(db, env));
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let acme: string;
let zeta: string;

beforeAll(async () => {
  receiver = await startReceiver({ '/down': () => ({ status: 503 }) });
  // Two merchants whose webhook receiver is down: Acme with two sends, Zeta with one.
  const a = await makeMerchant(db, env, { name: 'Acme', prepaid: '10', webhook: { url: `${receiver.url}/down` } });
  const z = await makeMerchant(db, env, { name: 'Zeta', prepaid: '10', webhook: { url: `${receiver.url}/down` } });
  acme = a.organizationId;
  zeta = z.organizationId;
  for (const key of [a.apiKey, a.apiKey, z.apiKey]) expect((await call('POST', '/send', { key, body: { to: ['+243810005555'], message: 'Hi' } })).status).toBe(201);
  // Only the webhook loop runs: each sms.queued delivery is attempted once, answered 503, retried in an hour.
  await drain(db, { deliver_webhooks: tasks.deliver_webhooks });
  expect(receiver.hits).toHaveLength(3);

  // A job that fails for good (one attempt allowed), run by graphile-worker itself.
  await db.execute(sql`select graphile_worker.add_job('carrier_expire', '{"dispatch_id":"dsp_nope"}'::json, max_attempts => 1)`);
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
  const client = await pool.connect();
  try {
    await runTaskListOnce({ noHandleSignals: true, logger: new Logger(() => () => {}) }, { carrier_expire: async () => { throw new Error('carrier down: no bind'); } }, client);
  } finally {
    client.release();
    await pool.end();
  }

  now = new Date(Date.now() + 1000);
  // One due job that has waited 90 s, one for tomorrow.
  await db.execute(sql`select graphile_worker.add_job('carrier_receipts', '{"dispatch_id":"dsp_a"}'::json, run_at => ${new Date(now.getTime() - 90_000).toISOString()}::timestamptz)`);
  await db.execute(sql`select graphile_worker.add_job('carrier_receipts', '{"dispatch_id":"dsp_b"}'::json, run_at => ${new Date(now.getTime() + 86_400_000).toISOString()}::timestamptz)`);
  // Heartbeats: a live process, a silent one, and a graphile-worker pool row of the live one (not a process).
  await db.execute(sql`
    insert into worker_heartbeats (worker_id, started_at, seen_at) values
      ('host-1-live', ${new Date(now.getTime() - 600_000).toISOString()}::timestamptz, ${new Date(now.getTime() - 5_000).toISOString()}::timestamptz),
      ('host-2-gone', ${new Date(now.getTime() - 900_000).toISOString()}::timestamptz, ${new Date(now.getTime() - 120_000).toISOString()}::timestamptz),
      ('pool-1@host-1-live', ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`);
});
afterAll(async () => {
  await receiver.close();
  await closePools();
});

describe('getSystemStatus', () => {
  it('reports the queue, heartbeats, backlog per merchant and recent errors exactly', async () => {
    const s = await getSystemStatus(db, now, env.RETENTION_DAYS);
    expect(s.time).toBe(now.toISOString());
    expect(s.workers_alive).toBe(1);
    expect(s.workers.map((w) => [w.worker_id, w.seen_seconds_ago, w.alive])).toEqual([
      ['host-1-live', 5, true],
      ['host-2-gone', 120, false],
    ]);
    expect(s.job_queue).toEqual({
      due: 4,
      scheduled: 2,
      running: 0,
      failed: 1,
      oldest_due_age_seconds: 90,
      by_task: [
        { task: 'carrier_expire', due: 0, scheduled: 0, running: 0, failed: 1 },
        { task: 'carrier_receipts', due: 1, scheduled: 1, running: 0, failed: 0 },
        // the three sends' first dispatches, not run in this test
        { task: 'dispatch_message', due: 3, scheduled: 0, running: 0, failed: 0 },
        // the webhook loop's wake-up for the retries in an hour
        { task: 'deliver_webhooks', due: 0, scheduled: 1, running: 0, failed: 0 },
      ].sort((x, y) => x.task.localeCompare(y.task)),
    });
    expect(s.webhook_backlog.pending).toBe(3);
    expect(s.webhook_backlog.by_merchant.map((m) => [m.organization_id, m.name, m.pending])).toEqual([
      [acme, 'Acme', 2],
      [zeta, 'Zeta', 1],
    ]);
    expect(s.recent_errors.jobs).toEqual([
      { id: expect.any(String), task: 'carrier_expire', attempts: 1, max_attempts: 1, gave_up: true, last_error: 'carrier down: no bind', updated_at: expect.any(String) },
    ]);
    expect(s.recent_errors.webhook_attempts.map((a) => [a.name, a.status_code]).sort()).toEqual([
      ['Acme', 503],
      ['Acme', 503],
      ['Zeta', 503],
    ]);
  });

  it('is served to operators by operator.getSystemStatus, refused to merchants', async () => {
    const operator = await signedUpCaller(deps, { operator: true });
    const merchant = await signedUpCaller(deps);
    expect(await operator.api.operator.getSystemStatus()).toEqual(await getSystemStatus(db, now, env.RETENTION_DAYS));
    await refused(merchant.api.operator.getSystemStatus(), 'FORBIDDEN', /Operators only/);
  });

  it('is printed by `status --json` as one JSON object with the same facts', async () => {
    let out = '';
    let err = '';
    const code = await runCli(['status', '--json'], { db, env, stdout: (x) => (out += x), stderr: (x) => (err += x) });
    expect([code, err]).toEqual([0, '']);
    const printed = JSON.parse(out) as SystemStatus;
    const expected = await getSystemStatus(db, new Date(printed.time), env.RETENTION_DAYS);
    expect(printed).toEqual(expected);
    expect(printed.job_queue.failed).toBe(1);
    expect(printed.webhook_backlog.by_merchant.map((m) => m.pending)).toEqual([2, 1]);
  });

  it('is printed by the real CLI (npm run -s admin -- status --json)', async () => {
    const { stdout, stderr } = await promisify(execFile)('npm', ['run', '-s', 'admin', '--', 'status', '--json'], { cwd: process.cwd(), env: { ...process.env } });
    expect(stderr).toBe('');
    const printed = JSON.parse(stdout) as SystemStatus;
    expect(Object.keys(printed)).toEqual(['time', 'workers_alive', 'workers', 'job_queue', 'webhook_backlog', 'recent_errors', 'retention']);
    expect(printed.job_queue.due + printed.job_queue.scheduled + printed.job_queue.failed).toBe(7);
    expect(printed.webhook_backlog.by_merchant.map((m) => [m.name, m.pending])).toEqual([['Acme', 2], ['Zeta', 1]]);
  }, 60_000);
});
