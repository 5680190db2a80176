import 'server-only';
import type postgres from 'postgres';
import type { Db } from '@/db/client';
import { MONTHS_AHEAD, PARTITIONED_TABLES, listPartitions, retentionCutoff } from './partitions';

/** Session advisory lock: one maintenance at a time across workers (a worker's start and the crontab may overlap). */
const LOCK = 727_424;

export type MaintenanceResult = { cutoff: Date; created: string[]; dropped: string[] } | null;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * D24's partition maintenance, idempotent: finishes any detach a crash interrupted, creates the monthly partitions up
 * to MONTHS_AHEAD months after `now`'s, and drops every partition whose whole range is older than `now` minus the
 * retention: DETACH ... CONCURRENTLY (SHARE UPDATE EXCLUSIVE on the table: inserts and reads go on), then DROP of the
 * detached table, which nobody else reads any more. Never a row-by-row DELETE. Records the run in retention_state.
 * Returns null when another process holds the maintenance (it does the same work).
 */
export async function maintainPartitions(db: Db, opts: { now: Date; retentionDays: number }): Promise<MaintenanceResult> {
  // One connection for the session lock; the detaches run outside any transaction, as CONCURRENTLY requires.
  const conn = await db.$client.reserve();
  try {
    const [{ got }] = await conn<{ got: boolean }[]>`select pg_try_advisory_lock(${LOCK}) as got`;
    if (!got) return null;
    try {
      return await maintain(db, conn, opts);
    } finally {
      await conn`select pg_advisory_unlock(${LOCK})`;
    }
  } finally {
    conn.release();
  }
}

async function maintain(db: Db, conn: postgres.ReservedSql, { now, retentionDays }: { now: Date; retentionDays: number }) {
  const cutoff = retentionCutoff(now, retentionDays);
  const dropped: string[] = [];
  for (const p of await listPartitions(db)) {
    if (!p.detachPending) continue;
    // only this function detaches, and only partitions past the cutoff: finish the detach and the drop
    await conn.unsafe(`alter table ${ident(p.table)} detach partition ${ident(p.name)} finalize`);
    await conn.unsafe(`drop table ${ident(p.name)}`);
    dropped.push(p.name);
  }
  const created: string[] = [];
  for (const t of PARTITIONED_TABLES) {
    const rows = await conn<{ name: string }[]>`
      select retention_ensure_partitions(${t.table}, ${t.key}, ${now.toISOString()}::timestamptz, ${MONTHS_AHEAD}) as name`;
    created.push(...rows.map((r) => r.name));
  }
  for (const p of await listPartitions(db)) {
    if (p.to.getTime() > cutoff.getTime()) continue;
    await conn.unsafe(`alter table ${ident(p.table)} detach partition ${ident(p.name)} concurrently`);
    await conn.unsafe(`drop table ${ident(p.name)}`);
    dropped.push(p.name);
  }
  await conn`
    insert into retention_state (id, last_run_at, last_cutoff, last_created, last_dropped, dropped_total)
    values (true, ${now.toISOString()}, ${cutoff.toISOString()}, ${created}::text[], ${dropped}::text[], ${dropped.length})
    on conflict (id) do update set last_run_at = excluded.last_run_at, last_cutoff = excluded.last_cutoff,
      last_created = excluded.last_created, last_dropped = excluded.last_dropped,
      dropped_total = retention_state.dropped_total + excluded.dropped_total`;
  return { cutoff, created, dropped };
}
