import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { DELIVERIES_CHANNEL, kickDeliveries } from '@/server/domain/webhooks/deliveries';
import { closePools, testDb } from '../helpers';

const db = testDb();
afterAll(closePools);
const deliverJobs = async () =>
  (await db.execute<{ n: number }>(sql`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'deliver_webhooks'`))[0].n;

describe('kickDeliveries', () => {
  it('notifies the worker processes at commit (not before, not on rollback) and adds no job', async () => {
    const listener = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    const heard: string[] = [];
    const listening = await listener.listen(DELIVERIES_CHANNEL, (payload) => heard.push(payload));
    try {
      const settle = () => new Promise((r) => setTimeout(r, 200));
      await db.transaction(async (tx) => {
        await kickDeliveries(tx);
        await kickDeliveries(tx);
        await settle();
        expect(heard).toEqual([]); // nothing before the commit
      });
      await settle();
      expect(heard).toEqual(['']);

      await db
        .transaction(async (tx) => {
          await kickDeliveries(tx);
          throw new Error('rolled back');
        })
        .catch(() => {});
      await settle();
      expect(heard).toEqual(['']);

      await kickDeliveries(db); // a pool handle notifies at once
      await settle();
      expect(heard).toEqual(['', '']);
      expect(await deliverJobs()).toBe(0);
    } finally {
      await listening.unlisten();
      await listener.end();
    }
  });

  it('issues one statement for kicks made concurrently in one transaction (the sends of a group commit)', async () => {
    await db.transaction(async (tx) => {
      let statements = 0;
      const execute = tx.execute.bind(tx);
      tx.execute = ((query: Parameters<typeof execute>[0]) => {
        statements++;
        return execute(query);
      }) as typeof tx.execute;
      await Promise.all([kickDeliveries(tx), kickDeliveries(tx), kickDeliveries(tx)]);
      expect(statements).toBe(1);
    });
  });
});
