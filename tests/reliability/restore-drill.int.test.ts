import path from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '@/db/client';
import { migrateDatabase } from '@/db/migrate';
import { money } from '@/server/lib/money';
import { makeMerchant, restClient, testDeps, testEnv } from '../helpers';
import { baseBackup, initPrimary, ownedDir, restoreToPointInTime, workDir, type Cluster } from './pg-clusters';
import { sleep, waitFor } from './service';

/**
 * Issue 39, item 7: the restore drill of docs/operations.md. A primary archives its WAL; a base backup is taken
 * (pg_basebackup); sends are made, a point in time noted, more sends made; the backup is restored with the archive
 * up to that point (recovery_target_time). The restored database holds exactly the sends committed before the
 * point, with their charges: the ledger equals what was committed then, and adds up to the wallets.
 */
const env = testEnv();
const root = workDir('restore-');
const archive = ownedDir(path.join(root.dir, 'archive'));
const clusters: Cluster[] = [];
const pools: Db[] = [];
afterAll(async () => {
  await Promise.all(pools.map((p) => p.$client.end({ timeout: 1 })));
  for (const c of clusters) await c.stop();
  root.cleanUp();
});

async function ledger(db: Db, organizationId: string) {
  const [r] = await db.execute<{ messages: string | null; balance: string; ledger: string; entries: number }>(sql`
    select (select string_agg(id, ',' order by id) from messages where organization_id = ${organizationId}) as messages,
           (select sum(balance)::text from wallets where organization_id = ${organizationId}) as balance,
           (select sum(amount)::text from wallet_ledger where organization_id = ${organizationId}) as ledger,
           (select count(*)::int from wallet_ledger where organization_id = ${organizationId}) as entries`);
  return r;
}

describe('restore drill: base backup + WAL archive, point-in-time recovery', () => {
  it('restores the ledger exactly as it was committed at the target time', async () => {
    const primary = await initPrimary(root.dir, 'live', ['archive_mode = on', `archive_command = 'test ! -f ${archive}/%f && cp %p ${archive}/%f'`]);
    clusters.push(primary);
    await primary.start();
    const admin = postgres(primary.url(), { max: 1, onnotice: () => {} });
    await admin`create database gateway`;
    await admin.end();
    await migrateDatabase(primary.url('gateway'));
    await baseBackup(primary, path.join(root.dir, 'backup'));

    const db = createDb(primary.url('gateway'), { max: 2 });
    pools.push(db);
    const call = restClient(testDeps({ db, env }));
    const m = await makeMerchant(db, env, { prepaid: '50' });
    const send = async (i: number) => {
      const res = await call('POST', '/send', { key: m.apiKey, body: { to: [`+2438100000${String(i).padStart(2, '0')}`], message: `drill ${i}` } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    };
    for (let i = 0; i < 5; i++) await send(i);
    const before = await ledger(db, m.organizationId);
    await sleep(300);
    const [{ t }] = await db.execute<{ t: string }>(sql`select clock_timestamp()::text as t`);
    await sleep(300);
    for (let i = 5; i < 12; i++) await send(i);
    const after = await ledger(db, m.organizationId);
    expect(after.messages!.split(',')).toHaveLength(12);

    // Everything written so far reaches the archive, then the primary is gone.
    const [{ wal }] = await db.execute<{ wal: string }>(sql`select pg_walfile_name(pg_switch_wal()) as wal`);
    await waitFor(async () => {
      const [a] = await db.execute<{ last: string | null }>(sql`select last_archived_wal as last from pg_stat_archiver`);
      return a.last !== null && a.last >= wal;
    }, 30_000, 100, 'the WAL to be archived');
    await db.$client.end({ timeout: 1 });
    await primary.stop();

    const restored = await restoreToPointInTime(path.join(root.dir, 'backup'), path.join(root.dir, 'restored'), archive, t);
    clusters.push(restored);
    await restored.start();
    const rdb = createDb(restored.url('gateway'), { max: 1 });
    pools.push(rdb);
    await waitFor(async () => {
      const [r] = await rdb.execute<{ recovering: boolean }>(sql`select pg_is_in_recovery() as recovering`);
      return r.recovering === false;
    }, 60_000, 200, 'recovery to end and promote');

    const got = await ledger(rdb, m.organizationId);
    expect(got).toEqual(before);
    expect(money(got.balance).eq(got.ledger)).toBe(true);
    expect(money(before.balance).gt(after.balance)).toBe(true);
  }, 180_000);
});
