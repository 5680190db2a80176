import { sql, type SQL } from 'drizzle-orm';

/**
 * D24: a dispatch's recipient rows were written by one statement of its send, so their ids lie in its first
 * recipient's id block or the next (the block moves forward once a month, maybe while that statement runs):
 * `id >= first and id < start of the block after next`. Bounding a dispatch's reads by it makes them read one or two
 * of message_recipients' partitions instead of every month's, at plan time for literals and at executor start for a
 * prepared statement's parameters or a joined dispatch's columns. A dispatch written before migration 0044 has no
 * first id (null): its rows are all in block 0, which the bound from 0 covers.
 */
export function inDispatchBlocks(recipientId: SQL, firstRecipientId: SQL): SQL {
  return sql`(${recipientId} >= coalesce(${firstRecipientId}, 0) and ${recipientId} < (((coalesce(${firstRecipientId}, 0) >> 40) + 2) << 40))`;
}

/** The same bound for a dispatch whose first recipient id is known here (a literal: plan-time pruning). */
export function inDispatchBlocksOf(recipientId: SQL, firstRecipientId: number | null): SQL {
  return inDispatchBlocks(recipientId, sql`${firstRecipientId}::bigint`);
}

/**
 * `column between min(ids) and max(ids)`, as parameters: a statement that reads recipients (or their carrier parts)
 * by a set of ids it was given prunes the other id blocks' partitions before it runs (at planning, or at executor
 * start for a generic plan); `= any(array)` alone prunes only while running, once every partition and its indexes
 * were opened. No ids: false.
 */
export function inIdRange(column: SQL, ids: readonly number[]): SQL {
  if (!ids.length) return sql`false`;
  let lo = ids[0];
  let hi = lo;
  for (const id of ids) {
    if (id < lo) lo = id;
    if (id > hi) hi = id;
  }
  return sql`${column} between ${lo}::bigint and ${hi}::bigint`;
}

/**
 * inDispatchBlocks for a set of dispatches whose first recipient ids are known here, as parameters: from the lowest
 * first id to the end of the block after the highest one's. Added beside each dispatch's own bound (which a join
 * evaluates row by row, so that only execution prunes by it), it has the partitions of the other blocks pruned when
 * the statement is planned. Null is a dispatch from before migration 0044 (block 0); no dispatch: false.
 */
export function inBlocksOfDispatches(recipientId: SQL, firstIds: ReadonlyArray<number | null>): SQL {
  if (!firstIds.length) return sql`false`;
  const firsts = firstIds.map((f) => f ?? 0);
  const lo = Math.min(...firsts);
  const hi = blockStartOfId(Math.max(...firsts)) + 2 * BLOCK;
  return sql`(${recipientId} >= ${lo}::bigint and ${recipientId} < ${hi}::bigint)`;
}

/** The ids of one month's block (D24): 2^40. */
const BLOCK = 2 ** 40;

/** The first recipient id of the block of an instant's UTC month (recipient_id_month's inverse, D24), as a parameter. */
export function blockStartOfDate(at: Date): number {
  return ((at.getUTCFullYear() - 2000) * 12 + at.getUTCMonth()) * BLOCK;
}

/** The first id of the block that holds `id` (D24), as a parameter. */
export function blockStartOfId(id: number): number {
  return Math.floor(id / BLOCK) * BLOCK;
}
