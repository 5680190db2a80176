import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import type { smppInboundDeliveries, smppReceipts } from '@/db/schema';
import { arrayLiteral } from '@/server/lib/sql-arrays';
import { name, of } from '@/server/lib/sql-names';

/**
 * The claim, settle and sweep of a queue of things owed to an app's sessions (smpp_receipts, smpp_inbound_deliveries):
 * rows with `id`, `app_id`, `attempts`, `next_at`, `claimed_by`, `claimed_at` and `expires_at`. A claim takes due rows
 * of the apps given for one owner (SKIP LOCKED: never a row another owner holds) and counts an attempt; a row handed
 * over is deleted; a row not handed over goes back after 2^attempts s, at most 5 minutes; the sweep gives back the
 * claims of an owner that died (older than 60 s) and drops what expired.
 */
export type OwedTable = typeof smppReceipts | typeof smppInboundDeliveries;

const CLAIM_STALE = sql.raw(`interval '60 seconds'`);
/** The wait before the row `q` is offered again. */
const backoff = (t: OwedTable) => sql`least(power(2, ${of('q', t.attempts)}), 300) * interval '1 second'`;

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
  const t = table;
  const rows = await db.execute<T>(sql`
    with c as (
      update ${t} q set ${name(t.claimedBy)} = ${o.owner}, ${name(t.claimedAt)} = now(), ${name(t.attempts)} = ${of('q', t.attempts)} + 1
       where ${of('q', t.id)} in (select ${t.id} from ${t}
                       where ${t.appId} = any(${arrayLiteral(o.appIds)}::text[]) and ${t.claimedBy} is null and ${t.nextAt} <= now() and ${t.expiresAt} > now()
                       order by ${t.id} limit ${o.limit} for update skip locked)
      returning q.*)
    select ${o.columns} from c ${o.join ?? sql``} order by ${of('c', t.id)}`);
  return [...rows] as T[];
}

/** Handed over: deleted. Not handed over: back to the queue after the backoff, with `set` (e.g. progress) applied from `x`. */
export async function settleOwed(db: Db, table: OwedTable, handed: number[], retry: number[], more?: { from: SQL; set: SQL }): Promise<void> {
  const t = table;
  if (handed.length) await db.execute(sql`delete from ${t} where ${t.id} = any(${arrayLiteral(handed)}::bigint[])`);
  if (!retry.length) return;
  await db.execute(sql`
    update ${t} q set ${name(t.claimedBy)} = null, ${name(t.claimedAt)} = null, ${name(t.nextAt)} = now() + ${backoff(t)} ${more ? sql`, ${more.set}` : sql``}
      ${more ? sql`from ${more.from}` : sql``}
     where ${of('q', t.id)} = any(${arrayLiteral(retry)}::bigint[]) ${more ? sql`and ${of('q', t.id)} = x.id` : sql``}`);
}

/** Claims of an owner that died go back to the queue; expired rows are dropped. Returns how many expired. */
export async function sweepOwed(db: Db, table: OwedTable): Promise<number> {
  const t = table;
  await db.execute(sql`
    update ${t} set ${name(t.claimedBy)} = null, ${name(t.claimedAt)} = null where ${t.claimedBy} is not null and ${t.claimedAt} < now() - ${CLAIM_STALE}`);
  return (await db.execute(sql`delete from ${t} where ${t.expiresAt} <= now() returning ${name(t.id)}`)).length;
}
