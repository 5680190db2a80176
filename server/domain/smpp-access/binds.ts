import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { smppBinds as b, smppTpsWindows as w } from '@/db/schema';
import { arrayLiteral } from '@/server/lib/sql-arrays';
import { name, of } from '@/server/lib/sql-names';

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
      insert into ${b} (${name(b.appId)}, ${name(b.mode)}, ${name(b.listener)}, ${name(b.remote)})
      select ${appId}, ${mode}, ${listener}, ${remote}
       where (select count(*) from ${b} where ${b.appId} = ${appId} and ${b.seenAt} > now() - make_interval(secs => ${BIND_STALE_S}))
             < ${MAX_SESSIONS_PER_APP}
      returning ${name(b.id)}`);
    return row ? Number(row.id) : null;
  });
}

/** The listener's heartbeat for its live sessions (every few seconds), and the cleanup of dead listeners' rows. */
export async function refreshBinds(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.execute(sql`update ${b} set ${name(b.seenAt)} = now() where ${b.id} = any(${arrayLiteral(ids)}::bigint[])`);
  await db.execute(sql`delete from ${b} where ${b.seenAt} < now() - make_interval(secs => ${BIND_STALE_S * 10})`);
}

export async function dropBind(db: Db, id: number): Promise<void> {
  await db.execute(sql`delete from ${b} where ${b.id} = ${id}`);
}

/**
 * Takes one submit_sm from the app's budget of the current second (database clock), shared by every listener: one
 * upsert. False beyond `tps` (the submit is answered 0x58, ESME_RTHROTTLED). The statement reads the clock before
 * it waits for the row's lock, so another listener may already have moved the window to a later second: only a
 * later second starts a new count, and the window never goes back (as the connectors' takeTps).
 */
export async function takeSmppTps(db: Db, appId: string, tps: number): Promise<boolean> {
  const [row] = await db.execute<{ used: number }>(sql`
    insert into ${w} as t (${name(w.appId)}, ${name(w.windowStart)}, ${name(w.used)}) values (${appId}, date_trunc('second', clock_timestamp()), 1)
    on conflict (${name(w.appId)}) do update set
      ${name(w.used)} = case when ${of('excluded', w.windowStart)} > ${of('t', w.windowStart)} then 1 else ${of('t', w.used)} + 1 end,
      ${name(w.windowStart)} = greatest(${of('t', w.windowStart)}, ${of('excluded', w.windowStart)})
    returning ${name(w.used)}`);
  return Number(row.used) <= tps;
}
