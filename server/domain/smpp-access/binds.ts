import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { arrayLiteral } from '@/server/lib/sql-arrays';

/** D15: at most this many sessions per app, across every listener process. */
export const MAX_SESSIONS_PER_APP = 4;
/** A bind row not refreshed for this long belongs to a listener that died: it no longer counts. */
export const BIND_STALE_S = 30;

export type BindMode = 'transmitter' | 'receiver' | 'transceiver';

/**
 * Records a bind when the app has fewer than MAX_SESSIONS_PER_APP live sessions: one transaction holding the app's
 * advisory lock, so two listeners binding at once never both get the fifth. Returns the row id, or null when full.
 */
export async function registerBind(db: Db, appId: string, mode: BindMode, listener: string, remote: string): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`smpp-binds:${appId}`}, 0))`);
    const [row] = await tx.execute<{ id: number }>(sql`
      insert into smpp_binds (app_id, mode, listener, remote)
      select ${appId}, ${mode}, ${listener}, ${remote}
       where (select count(*) from smpp_binds where app_id = ${appId} and seen_at > now() - make_interval(secs => ${BIND_STALE_S}))
             < ${MAX_SESSIONS_PER_APP}
      returning id`);
    return row ? Number(row.id) : null;
  });
}

/** The listener's heartbeat for its live sessions (every few seconds), and the cleanup of dead listeners' rows. */
export async function refreshBinds(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.execute(sql`update smpp_binds set seen_at = now() where id = any(${arrayLiteral(ids)}::bigint[])`);
  await db.execute(sql`delete from smpp_binds where seen_at < now() - make_interval(secs => ${BIND_STALE_S * 10})`);
}

export async function dropBind(db: Db, id: number): Promise<void> {
  await db.execute(sql`delete from smpp_binds where id = ${id}`);
}

/**
 * Takes one submit_sm from the app's budget of the current second (database clock), shared by every listener: one
 * upsert. False beyond `tps` (the submit is answered 0x58, ESME_RTHROTTLED). The statement reads the clock before
 * it waits for the row's lock, so another listener may already have moved the window to a later second: only a
 * later second starts a new count, and the window never goes back (as the connectors' takeTps).
 */
export async function takeSmppTps(db: Db, appId: string, tps: number): Promise<boolean> {
  const [row] = await db.execute<{ used: number }>(sql`
    insert into smpp_tps as t (app_id, window_start, used) values (${appId}, date_trunc('second', clock_timestamp()), 1)
    on conflict (app_id) do update set
      used = case when excluded.window_start > t.window_start then 1 else t.used + 1 end,
      window_start = greatest(t.window_start, excluded.window_start)
    returning used`);
  return Number(row.used) <= tps;
}
