import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '@/db/client';
import { keepListening, resilient } from './postgres-js';

/**
 * A LISTEN lives in the pool it was made on. A worker's connector pool is resilient (replaced whole when a
 * postgres.js connection of it breaks: defect 3 in postgres-js.ts), and a failover replaced it several times: the
 * webhook loop's LISTEN went with the first pool, no notification woke it again, and sms.delivered webhooks waited
 * for good (tests/reliability/failover). keepListening listens again on each new pool.
 */
const pools: Db[] = [];
afterAll(async () => {
  await Promise.all(pools.map((p) => p.$client.end({ timeout: 1 })));
});

function poisonedWrite(): TypeError {
  const err = new TypeError("Cannot read properties of null (reading 'write')");
  err.stack = `${err.message}\n    at Timeout.nextWrite (/app/node_modules/postgres/src/connection.js:250:14)`;
  return err;
}

async function until(ok: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 10_000;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('LISTEN on a resilient pool', () => {
  it('hears notifications again after the pool is replaced, and says when it listens again', async () => {
    const handlers = process.listenerCount('uncaughtException');
    let made = 0;
    const pool = resilient(() => {
      made++;
      const db = createDb(process.env.DATABASE_URL!, { max: 2 });
      pools.push(db);
      return db;
    });
    const heard: string[] = [];
    let listens = 0;
    const listening = keepListening(pool, 'keep_listening_test', (payload) => heard.push(payload), () => listens++);
    expect(await listening.listening).toBe(true);
    await pool.execute(sql`select pg_notify('keep_listening_test', 'before')`);
    await until(() => heard.includes('before'), 'the first notification');

    // The pool breaks (the process handler every resilient pool shares, handed a poisoned write): replaced.
    for (const handler of process.listeners('uncaughtException').slice(handlers)) handler(poisonedWrite(), 'uncaughtException');
    expect(made).toBe(2);
    await until(() => listens === 2, 'the LISTEN on the new pool');
    await pool.execute(sql`select pg_notify('keep_listening_test', 'after')`);
    await until(() => heard.includes('after'), 'a notification after the replacement');

    await listening.unlisten();
    await pool.execute(sql`select pg_notify('keep_listening_test', 'unlistened')`);
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toEqual(['before', 'after']);
  });
});
