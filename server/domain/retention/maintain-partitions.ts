import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { retentionState as s } from '@/db/schema';
import { name, of, textOf } from '@/server/lib/sql-names';
import { MONTHS_AHEAD, PARTITIONED_TABLES, listPartitions, retentionCutoff } from './partitions';

/** Session advisory lock: one maintenance at a time across workers (a worker's start and the crontab may overlap). */
const LOCK = 727_424;

export type MaintenanceResult = { cutoff: Date; created: string[]; dropped: string[] } | null;

/**
 * One database connection held for the whole maintenance: the session advisory lock and the detaches (which
 * CONCURRENTLY keeps out of any transaction) need one. A client of graphile-worker's `pg` pool is one (the worker
 * and its task pass theirs); postgres.js's `reserve()` is not used, as it can wait for ever on a pool's new
 * connection (D25).
 */
export type Session = { query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }> };

const ident = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** The run, recorded in retention_state's one row ($1 run at, $2 cutoff, $3 created, $4 dropped, $5 how many dropped). */
const RECORD_RUN = textOf(sql`
  insert into ${s} (${name(s.id)}, ${name(s.lastRunAt)}, ${name(s.lastCutoff)}, ${name(s.lastCreated)}, ${name(s.lastDropped)}, ${name(s.droppedTotal)})
  values (true, $1, $2, $3::text[], $4::text[], $5)
  on conflict (${name(s.id)}) do update set ${name(s.lastRunAt)} = ${of('excluded', s.lastRunAt)}, ${name(s.lastCutoff)} = ${of('excluded', s.lastCutoff)},
    ${name(s.lastCreated)} = ${of('excluded', s.lastCreated)}, ${name(s.lastDropped)} = ${of('excluded', s.lastDropped)},
    ${name(s.droppedTotal)} = ${s.droppedTotal} + ${of('excluded', s.droppedTotal)}`);

/**
 * D24's partition maintenance, idempotent: finishes any detach a crash interrupted, creates the monthly partitions up
 * to MONTHS_AHEAD months after `now`'s, and drops every partition whose whole range is older than `now` minus the
 * retention: DETACH ... CONCURRENTLY (SHARE UPDATE EXCLUSIVE on the table: inserts and reads go on), then DROP of the
 * detached table, which nobody else reads any more. Never a row-by-row DELETE. Records the run in retention_state.
 * Returns null when another process holds the maintenance (it does the same work).
 */
export async function maintainPartitions(db: Db, session: Session, opts: { now: Date; retentionDays: number }): Promise<MaintenanceResult> {
  const { rows } = await session.query('select pg_try_advisory_lock($1) as got', [LOCK]);
  if (!rows[0]?.got) return null;
  try {
    return await maintain(db, session, opts);
  } finally {
    await session.query('select pg_advisory_unlock($1)', [LOCK]);
  }
}

async function maintain(db: Db, conn: Session, { now, retentionDays }: { now: Date; retentionDays: number }) {
  const cutoff = retentionCutoff(now, retentionDays);
  const dropped: string[] = [];
  for (const p of await listPartitions(db)) {
    if (!p.detachPending) continue;
    // only this function detaches, and only partitions past the cutoff: finish the detach and the drop
    await conn.query(`alter table ${ident(p.table)} detach partition ${ident(p.name)} finalize`);
    await conn.query(`drop table ${ident(p.name)}`);
    dropped.push(p.name);
  }
  const created: string[] = [];
  for (const t of PARTITIONED_TABLES) {
    const { rows } = await conn.query('select retention_ensure_partitions($1, $2, $3::timestamptz, $4) as name', [t.table, t.key, now.toISOString(), MONTHS_AHEAD]);
    created.push(...rows.map((r) => String(r.name)));
  }
  for (const p of await listPartitions(db)) {
    if (p.to.getTime() > cutoff.getTime()) continue;
    await conn.query(`alter table ${ident(p.table)} detach partition ${ident(p.name)} concurrently`);
    await conn.query(`drop table ${ident(p.name)}`);
    dropped.push(p.name);
  }
  await conn.query(RECORD_RUN, [now.toISOString(), cutoff.toISOString(), created, dropped, dropped.length]);
  return { cutoff, created, dropped };
}
