import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { messageRecipients as r, messages as m, retentionState as s } from '@/db/schema';
import { name, of, textOf } from '@/server/lib/sql-names';
import { MONTHS_AHEAD, PARTITIONED_TABLES, listDetachedLeftovers, listPartitions, monthBlockStart, retentionCutoff, type Partition } from './partitions';

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

const RECIPIENT_IDS = 'message_recipients_id_seq';

/** Moves the recipient id sequence forward to $1 (the current month's block), never back. */
const ADVANCE_RECIPIENT_IDS = `select setval('${RECIPIENT_IDS}', $1::bigint, false) from ${ident(RECIPIENT_IDS)} where last_value < $1::bigint`;

/** The accepted time of the send of a recipient partition's newest row (by its primary key, one row). */
const NEWEST_SEND = textOf(sql`
  select ${of('m', m.createdAt)}::text as created_at from $partition x join ${m} m on ${of('m', m.id)} = ${of('x', r.messageId)}
   order by ${of('x', r.id)} desc limit 1`);

/**
 * D24's partition maintenance, idempotent: finishes what a stopped run left (a detached partition not yet dropped, a
 * detach between its two transactions), creates the monthly partitions up
 * to MONTHS_AHEAD months after `now`'s, moves the recipient id sequence to `now`'s month's block, and drops every
 * partition whose whole range is older than `now` minus the retention (a block of recipient ids: once the sequence
 * had left it when the run began and its newest send is older too): DETACH ... CONCURRENTLY (SHARE UPDATE EXCLUSIVE
 * on the table: inserts and reads go on), then DROP of the detached table, which nobody else reads any more. Never a row-by-row DELETE. Records the run in retention_state.
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
  const drop = async (p: Partition) => {
    await conn.query(`alter table ${ident(p.table)} detach partition ${ident(p.name)} concurrently`);
    await conn.query(`drop table ${ident(p.name)}`);
    dropped.push(p.name);
  };
  // only this function detaches, and only partitions past the cutoff: what a run stopped in the middle of goes first,
  // a detach finished but not its drop (in one statement: any references among them go together), then any detach
  // left between its two transactions, finished and dropped
  const leftovers = await listDetachedLeftovers(db);
  if (leftovers.length) {
    await conn.query(`drop table ${leftovers.map(ident).join(', ')}`);
    dropped.push(...leftovers);
  }
  for (const p of await listPartitions(db)) {
    if (!p.detachPending) continue;
    await conn.query(`alter table ${ident(p.table)} detach partition ${ident(p.name)} finalize`);
    await conn.query(`drop table ${ident(p.name)}`);
    dropped.push(p.name);
  }
  const created: string[] = [];
  for (const t of PARTITIONED_TABLES) {
    const { rows } = await conn.query('select retention_ensure_partitions($1, $2, $3::timestamptz, $4) as name', [t.table, t.key, now.toISOString(), MONTHS_AHEAD]);
    created.push(...rows.map((r) => String(r.name)));
  }
  // The id sequence as this run found it: a block it had left by then is one no send is writing to any more (a send
  // takes its ids within its one statement), so it may go.
  const { rows: seq } = await conn.query(`select last_value::text as v from ${ident(RECIPIENT_IDS)}`);
  const nextId = BigInt(String(seq[0].v));
  // the month's block of recipient ids, now that its partitions exist (forward only: a send that took an id of the
  // block before keeps it, in the partition of that block)
  await conn.query(ADVANCE_RECIPIENT_IDS, [monthBlockStart(now).toString()]);
  const partitions = await listPartitions(db);
  for (const p of partitions) {
    if (p.toId !== null || p.to.getTime() > cutoff.getTime()) continue;
    await drop(p);
  }
  // a block of recipient ids goes when its month is past the cutoff, the id sequence had left it, and its newest
  // send is older than the cutoff; its carrier parts and its sends' texts (the same bounds) go first (a send's text
  // is keyed by its first recipient id, so no send of a later block has its text there)
  for (const p of partitions.filter((x) => x.table === 'message_recipients')) {
    if (p.toId === null || p.to.getTime() > cutoff.getTime() || p.toId > nextId) continue;
    const { rows: newest } = await conn.query(NEWEST_SEND.replace('$partition', ident(p.name)));
    if (newest.length && new Date(String(newest[0].created_at)).getTime() >= cutoff.getTime()) continue;
    for (const other of partitions.filter((x) => (x.table === 'carrier_parts' || x.table === 'message_texts') && x.toId === p.toId)) await drop(other);
    await drop(p);
  }
  await conn.query(RECORD_RUN, [now.toISOString(), cutoff.toISOString(), created, dropped, dropped.length]);
  return { cutoff, created, dropped };
}
