import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DELIVER_JOB_KEY, kickDeliveries } from '@/server/domain/webhooks/deliveries';
import { closePools, testDb } from '../helpers';
import { lockJobAs } from '../job-locks';

const db = testDb();
afterAll(closePools);
const deliverJobs = async () =>
  (await db.execute<{ n: number }>(sql`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'deliver_webhooks'`))[0].n;

describe('kickDeliveries', () => {
  it('adds the deliver_webhooks job once per transaction; a pool handle kicks every time', async () => {
    await db.transaction(async (tx) => {
      await kickDeliveries(tx);
      // as if a worker had taken that job: another add_job would now add a second one for after it
      await lockJobAs(tx, DELIVER_JOB_KEY, 'kick-test', new Date());
      await kickDeliveries(tx);
    });
    expect(await deliverJobs()).toBe(1);
    await kickDeliveries(db); // no transaction: the locked job gets a follow-up
    expect(await deliverJobs()).toBe(2);
    await db.execute(sql`select graphile_worker.force_unlock_workers(array['kick-test'])`);
  });
});
