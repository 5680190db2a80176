import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { carrierOutbox as outbox, connectorLeases as leases, connectorTps, type SessionState } from '@/db/schema';
import { arrayLiteral } from '@/server/lib/sql-arrays';
import { name, of } from '@/server/lib/sql-names';
import type { TpsGrant } from '@/server/smpp/client/tps-credits';
import { SLICE_MS, sliceBudgets } from '@/server/smpp/client/tps-slices';

/** A lease lasts this long without renewal; the owner renews every second, so a dead owner is replaced within ~LEASE_S + 1 s. */
export const LEASE_S = 5;

/**
 * Takes the connector's lease when it is free or expired (or already ours). On success every claim on its outbox
 * rows is dropped: they belonged to a previous owner whose submit_sm may never have been answered (D14: at-least-once).
 */
export async function acquireLease(db: Db, connectorId: string, owner: string, token: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.execute(sql`
      insert into ${leases} (${name(leases.connectorId)}, ${name(leases.owner)}, ${name(leases.token)}, ${name(leases.expiresAt)}, ${name(leases.sessions)}, ${name(leases.boundSessions)})
      values (${connectorId}, ${owner}, ${token}, now() + make_interval(secs => ${LEASE_S}), '[]', 0)
      on conflict (${name(leases.connectorId)}) do update set ${name(leases.owner)} = ${of('excluded', leases.owner)}, ${name(leases.token)} = ${of('excluded', leases.token)},
             ${name(leases.expiresAt)} = ${of('excluded', leases.expiresAt)}, ${name(leases.sessions)} = '[]', ${name(leases.boundSessions)} = 0
       where ${leases.expiresAt} < now() or ${leases.owner} = ${of('excluded', leases.owner)}
      returning 1`);
    if (!rows.length) return false;
    await tx.execute(sql`
      update ${outbox} set ${name(outbox.claimedBy)} = null, ${name(outbox.claimedAt)} = null where ${outbox.connectorId} = ${connectorId} and ${outbox.claimedBy} is not null`);
    return true;
  });
}

/**
 * Renews and publishes the live session states; false when the lease is no longer ours, expired included: once it
 * expired, the sweep may have given its claims back to the queue (sweepOutbox), so its owner must not go on with what
 * it holds (claiming those rows again, it sent them twice after a failover longer than the lease).
 */
export async function renewLease(db: Db, connectorId: string, token: string, sessions: SessionState[]): Promise<boolean> {
  const rows = await db.execute(sql`
    update ${leases} set ${name(leases.expiresAt)} = now() + make_interval(secs => ${LEASE_S}), ${name(leases.sessions)} = ${JSON.stringify(sessions)}::jsonb,
           ${name(leases.boundSessions)} = ${sessions.filter((s) => s.state === 'bound').length}
     where ${leases.connectorId} = ${connectorId} and ${leases.token} = ${token} and ${leases.expiresAt} > now() returning 1`);
  return rows.length > 0;
}

export async function releaseLease(db: Db, connectorId: string, token: string): Promise<void> {
  await db.execute(sql`delete from ${leases} where ${leases.connectorId} = ${connectorId} and ${leases.token} = ${token}`);
}

/**
 * Takes up to `want` submit_sm from the connector's budget of the current slice (tps-slices.ts: 50 ms, per the
 * database clock), shared by every worker process: one upsert, so two processes never exceed a slice's budget
 * together, nor `tps` in a clock second. What a slice does not grant lapses with it.
 */
export async function takeTps(db: Db, connectorId: string, tps: number, want: number): Promise<TpsGrant> {
  const w = sql`${want}::int`;
  // The budget of the slice starting at `start` (a 50 ms boundary): its place in the second indexes sliceBudgets.
  const budgets = arrayLiteral(sliceBudgets(tps));
  const budgetOf = (start: SQL) => sql`(${budgets}::int[])[floor(extract(milliseconds from ${start}) % 1000 / ${SLICE_MS})::int + 1]`;
  const slice = sql`make_interval(secs => ${SLICE_MS / 1000})`;
  const leftOf = (start: SQL) => sql`greatest(${budgetOf(start)} - ${of('c', connectorTps.used)}, 0)`;
  const later = sql`${of('excluded', connectorTps.windowStart)} > ${of('c', connectorTps.windowStart)}`; // the statement's slice is a later one
  // The statement's clock slice is read before it waits for the row's lock, so another process may already have
  // moved the window to a later slice: only a later slice opens a new budget, and the window never goes back
  // (a stale slice that reset it would hand out a second budget for the same slice).
  const [row] = await db.execute<{ granted: number; left: number; slice_ms: number; ms: number }>(sql`
    insert into ${connectorTps} as c (${name(connectorTps.connectorId)}, ${name(connectorTps.windowStart)}, ${name(connectorTps.used)}, ${name(connectorTps.granted)})
    select ${connectorId}, start, least(${w}, ${budgetOf(sql`start`)}), least(${w}, ${budgetOf(sql`start`)})
      from (select date_trunc('second', t) + floor(extract(milliseconds from t) % 1000 / ${SLICE_MS})::int * ${slice} as start
              from (select clock_timestamp() as t) now) opened
    on conflict (${name(connectorTps.connectorId)}) do update set
      ${name(connectorTps.granted)} = case when ${later} then ${of('excluded', connectorTps.granted)} else least(${w}, ${leftOf(of('c', connectorTps.windowStart))}) end,
      ${name(connectorTps.used)} = case when ${later} then ${of('excluded', connectorTps.used)} else ${of('c', connectorTps.used)} + least(${w}, ${leftOf(of('c', connectorTps.windowStart))}) end,
      ${name(connectorTps.windowStart)} = greatest(${of('c', connectorTps.windowStart)}, ${of('excluded', connectorTps.windowStart)})
    returning ${name(connectorTps.granted)}, greatest(${budgetOf(name(connectorTps.windowStart))} - ${name(connectorTps.used)}, 0) as left,
      (extract(epoch from ${name(connectorTps.windowStart)}) * 1000)::bigint as slice_ms,
      extract(epoch from ${name(connectorTps.windowStart)} + ${slice} - clock_timestamp()) * 1000 as ms`);
  const sliceMs = Number(row.slice_ms);
  return {
    granted: Number(row.granted),
    left: Number(row.left),
    slice: sliceMs,
    second: Math.floor(sliceMs / 1000),
    // (a window ahead of this statement's clock is a round trip ahead at most: never wait more than a slice)
    msToSliceEnd: Math.min(SLICE_MS, Math.max(1, Math.ceil(Number(row.ms)))),
  };
}
