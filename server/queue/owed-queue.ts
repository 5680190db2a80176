import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { arrayLiteral } from '@/server/lib/sql-arrays';

/**
 * The claim, settle and sweep of a queue of things owed to an app's sessions (smpp_receipts, smpp_inbound_deliveries):
 * rows with `id`, `app_id`, `attempts`, `next_at`, `claimed_by`, `claimed_at` and `expires_at`. A claim takes due rows
 * of the apps given for one owner (SKIP LOCKED: never a row another owner holds) and counts an attempt; a row handed
 * over is deleted; a row not handed over goes back after 2^attempts s, at most 5 minutes; the sweep gives back the
 * claims of an owner that died (older than 60 s) and drops what expired.
 */
export type OwedTable = 'smpp_receipts' | 'smpp_inbound_deliveries';

const CLAIM_STALE = sql.raw(`interval '60 seconds'`);
const BACKOFF = sql.raw(`least(power(2, q.attempts), 300) * interval '1 second'`);

/**
 * Claims up to `limit` due rows of `appIds` for `owner`, oldest first, in one statement; `columns` are read from the
 * claimed rows (`c`, the table's own columns) and what `join` joins to them.
 */
export async function claimOwed<T extends Record<string, unknown>>(
  db: Db,
  table: OwedTable,
  o: { appIds: string[]; owner: string; limit: number; columns: SQL; join?: SQL },
): Promise<T[]> {
  if (!o.appIds.length) return [];
  const t = sql.identifier(table);
  const rows = await db.execute<T>(sql`
    with c as (
      update ${t} q set claimed_by = ${o.owner}, claimed_at = now(), attempts = q.attempts + 1
       where q.id in (select id from ${t}
                       where app_id = any(${arrayLiteral(o.appIds)}::text[]) and claimed_by is null and next_at <= now() and expires_at > now()
                       order by id limit ${o.limit} for update skip locked)
      returning q.*)
    select ${o.columns} from c ${o.join ?? sql``} order by c.id`);
  return [...rows] as T[];
}

/** Handed over: deleted. Not handed over: back to the queue after the backoff, with `set` (e.g. progress) applied from `x`. */
export async function settleOwed(db: Db, table: OwedTable, handed: number[], retry: number[], more?: { from: SQL; set: SQL }): Promise<void> {
  const t = sql.identifier(table);
  if (handed.length) await db.execute(sql`delete from ${t} where id = any(${arrayLiteral(handed)}::bigint[])`);
  if (!retry.length) return;
  await db.execute(sql`
    update ${t} q set claimed_by = null, claimed_at = null, next_at = now() + ${BACKOFF} ${more ? sql`, ${more.set}` : sql``}
      ${more ? sql`from ${more.from}` : sql``}
     where q.id = any(${arrayLiteral(retry)}::bigint[]) ${more ? sql`and q.id = x.id` : sql``}`);
}

/** Claims of an owner that died go back to the queue; expired rows are dropped. Returns how many expired. */
export async function sweepOwed(db: Db, table: OwedTable): Promise<number> {
  const t = sql.identifier(table);
  await db.execute(sql`update ${t} set claimed_by = null, claimed_at = null where claimed_by is not null and claimed_at < now() - ${CLAIM_STALE}`);
  return (await db.execute(sql`delete from ${t} where expires_at <= now() returning id`)).length;
}
