import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import type { SessionState } from '@/db/schema';

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

/** Renews and publishes the live session states; false when the lease is no longer ours. */
export async function renewLease(db: Db, connectorId: string, token: string, sessions: SessionState[]): Promise<boolean> {
  const rows = await db.execute(sql`
    update connector_leases set expires_at = now() + make_interval(secs => ${LEASE_S}), sessions = ${JSON.stringify(sessions)}::jsonb,
           bound_sessions = ${sessions.filter((s) => s.state === 'bound').length}
     where connector_id = ${connectorId} and token = ${token} returning 1`);
  return rows.length > 0;
}

export async function releaseLease(db: Db, connectorId: string, token: string): Promise<void> {
  await db.execute(sql`delete from connector_leases where connector_id = ${connectorId} and token = ${token}`);
}

/**
 * Takes up to `want` submit_sm from the connector's budget of the current second (database clock), shared by every
 * worker process: one upsert, so two processes never exceed `tps` together. Returns how many were granted, and the
 * clock second (Unix seconds) whose budget they came from.
 */
export async function takeTps(
  db: Db,
  connectorId: string,
  tps: number,
  want: number,
): Promise<{ granted: number; msToNextSecond: number; second: number }> {
  const w = sql`${want}::int`;
  const t = sql`${tps}::int`;
  // The statement's clock second is read before it waits for the row's lock, so another process may already have
  // moved the window to a later second: only a later second opens a new budget, and the window never goes back
  // (a stale second that reset it would hand out a second budget for the same clock second).
  const [row] = await db.execute<{ granted: number; ms: number; second: number }>(sql`
    insert into connector_tps as c (connector_id, window_start, used, granted)
    values (${connectorId}, date_trunc('second', clock_timestamp()), least(${w}, ${t}), least(${w}, ${t}))
    on conflict (connector_id) do update set
      granted = case when excluded.window_start > c.window_start then least(${w}, ${t}) else least(${w}, greatest(${t} - c.used, 0)) end,
      used = case when excluded.window_start > c.window_start then least(${w}, ${t}) else c.used + least(${w}, greatest(${t} - c.used, 0)) end,
      window_start = greatest(c.window_start, excluded.window_start)
    returning granted, 1000 - (extract(milliseconds from clock_timestamp())::int % 1000) as ms,
      extract(epoch from window_start)::bigint as second`);
  return { granted: Number(row.granted), msToNextSecond: Math.max(1, Number(row.ms)), second: Number(row.second) };
}
