import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { addJob } from '@/server/queue/add-job';
import { closePools, testDb } from '@/tests/helpers';
import { lockJobAs } from '@/tests/job-locks';
import { ORPHAN_LOCK_MS, OWN_LEFTOVER_MS, reapDeadWorkers, STALE_MS } from './reap-dead-workers';

/**
 * Which locks reapDeadWorkers gives back, read through graphile-worker's public view. The locks are set up as
 * graphile-worker leaves them (lockJobAs: the test plays the part of graphile-worker).
 */
const db = testDb();
// A plain postgres.js client, as the worker's own (worker.ts).
const client = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
afterAll(async () => {
  await client.end();
  await closePools();
});

const NOW = new Date();
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const SELF = `${hostname()}-${process.pid}-self`;
/** A process of this host whose pid is not running (pids are below 2^22 on Linux). */
const DEAD = `${hostname()}-${2 ** 22 + 1}-dead`;

/** A dispatch_message job locked by `worker` at `at`; its id. */
async function locked(worker: string, at: Date): Promise<string> {
  const key = `reap-${Math.random()}`;
  await addJob(db, 'dispatch_message', { dispatch_id: key }, { jobKey: key });
  return lockJobAs(db, key, worker, at);
}

async function lockOf(id: string): Promise<string | null> {
  const [row] = await db.execute<{ locked_by: string | null }>(sql`select locked_by from graphile_worker.jobs where id = ${id}`);
  return row.locked_by;
}

async function heartbeat(worker: string, owner: string, seen: Date): Promise<void> {
  await db.execute(sql`insert into worker_heartbeats (worker_id, started_at, seen_at) values (${`${worker}@${owner}`}, ${seen.toISOString()}::timestamptz, ${seen.toISOString()}::timestamptz)`);
}

beforeEach(async () => {
  await db.execute(sql`select graphile_worker.remove_job(key) from graphile_worker.jobs where key like 'reap-%'`);
  await db.execute(sql`delete from worker_heartbeats`);
});

describe('reapDeadWorkers', () => {
  it('gives back the jobs of an id of ours whose every lock is a leftover, and no other of ours', async () => {
    const leftover = await locked('pool-a', ago(OWN_LEFTOVER_MS + 1_000));
    const alsoLeftover = await locked('pool-a', ago(OWN_LEFTOVER_MS + 9_000));
    // pool-b runs one job and holds one leftover: graphile-worker unlocks by id, so both stay until it runs nothing
    const running = await locked('pool-b', ago(OWN_LEFTOVER_MS + 1_000));
    const heldBesideIt = await locked('pool-b', ago(OWN_LEFTOVER_MS + 1_000));
    // pool-c has just locked a job it may not have reported yet (job:start comes after the lock)
    const fresh = await locked('pool-c', ago(OWN_LEFTOVER_MS - 1_000));
    const heldBesideFresh = await locked('pool-c', ago(OWN_LEFTOVER_MS + 1_000));
    for (const w of ['pool-a', 'pool-b', 'pool-c']) await heartbeat(w, SELF, NOW);

    await reapDeadWorkers(client, { self: SELF, selfIds: ['pool-a', 'pool-b', 'pool-c'], running: [running], now: NOW });
    expect(await Promise.all([leftover, alsoLeftover, running, heldBesideIt, fresh, heldBesideFresh].map(lockOf))).toEqual([
      null,
      null,
      'pool-b',
      'pool-b',
      'pool-c',
      'pool-c',
    ]);
  });

  it('gives back the jobs of dead workers of other processes, and keeps those of live ones', async () => {
    const deadPid = await locked('w-dead', ago(1_000)); // its process ran on this host and is gone
    const stale = await locked('w-stale', ago(1_000)); // another host, silent for longer than STALE_MS
    const orphan = await locked('w-orphan', ago(ORPHAN_LOCK_MS + 1_000)); // never recorded a heartbeat
    const youngOrphan = await locked('w-young', ago(ORPHAN_LOCK_MS - 60_000));
    const alive = await locked('w-alive', ago(1_000)); // another host, heard from just now
    await heartbeat('w-dead', DEAD, NOW);
    await heartbeat('w-stale', 'elsewhere-1234-x', ago(STALE_MS + 1_000));
    await heartbeat('w-alive', 'elsewhere-1234-y', NOW);

    const reaped = await reapDeadWorkers(client, { self: SELF, selfIds: [], now: NOW });
    expect(reaped.sort()).toEqual(['w-dead', 'w-orphan', 'w-stale']);
    expect(await Promise.all([deadPid, stale, orphan, youngOrphan, alive].map(lockOf))).toEqual([null, null, null, 'w-young', 'w-alive']);
    const [{ n }] = await db.execute<{ n: number }>(sql`select count(*)::int as n from worker_heartbeats where worker_id like 'w-dead@%' or worker_id like 'w-stale@%'`);
    expect(n).toBe(0);
  });
});
