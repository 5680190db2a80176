import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import type { SessionState } from '@/db/schema';
import { arrayLiteral } from '@/server/lib/sql-arrays';
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
      insert into connector_leases (connector_id, owner, token, expires_at, sessions, bound_sessions)
      values (${connectorId}, ${owner}, ${token}, now() + make_interval(secs => ${LEASE_S}), '[]', 0)
      on conflict (connector_id) do update set owner = excluded.owner, token = excluded.token, expires_at = excluded.expires_at,
             sessions = '[]', bound_sessions = 0
       where connector_leases.expires_at < now() or connector_leases.owner = excluded.owner
      returning 1`);
    if (!rows.length) return false;
    await tx.execute(sql`update carrier_outbox set claimed_by = null, claimed_at = null where connector_id = ${connectorId} and claimed_by is not null`);
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
    update connector_leases set expires_at = now() + make_interval(secs => ${LEASE_S}), sessions = ${JSON.stringify(sessions)}::jsonb,
           bound_sessions = ${sessions.filter((s) => s.state === 'bound').length}
     where connector_id = ${connectorId} and token = ${token} and expires_at > now() returning 1`);
  return rows.length > 0;
}

export async function releaseLease(db: Db, connectorId: string, token: string): Promise<void> {
  await db.execute(sql`delete from connector_leases where connector_id = ${connectorId} and token = ${token}`);
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
  const leftOf = (start: SQL) => sql`greatest(${budgetOf(start)} - c.used, 0)`;
  // The statement's clock slice is read before it waits for the row's lock, so another process may already have
  // moved the window to a later slice: only a later slice opens a new budget, and the window never goes back
  // (a stale slice that reset it would hand out a second budget for the same slice).
  const [row] = await db.execute<{ granted: number; left: number; slice_ms: number; ms: number }>(sql`
    insert into connector_tps as c (connector_id, window_start, used, granted)
    select ${connectorId}, start, least(${w}, ${budgetOf(sql`start`)}), least(${w}, ${budgetOf(sql`start`)})
      from (select date_trunc('second', t) + floor(extract(milliseconds from t) % 1000 / ${SLICE_MS})::int * ${slice} as start
              from (select clock_timestamp() as t) now) opened
    on conflict (connector_id) do update set
      granted = case when excluded.window_start > c.window_start then excluded.granted else least(${w}, ${leftOf(sql`c.window_start`)}) end,
      used = case when excluded.window_start > c.window_start then excluded.used else c.used + least(${w}, ${leftOf(sql`c.window_start`)}) end,
      window_start = greatest(c.window_start, excluded.window_start)
    returning granted, greatest(${budgetOf(sql`window_start`)} - used, 0) as left,
      (extract(epoch from window_start) * 1000)::bigint as slice_ms,
      extract(epoch from window_start + ${slice} - clock_timestamp()) * 1000 as ms`);
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
