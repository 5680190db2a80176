import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';

/**
 * A consumer of a send's terminal events (`sms.delivered`, `sms.failed`): webhook_events is the one record of what
 * happened, and what other modules owe because of it is derived from it by its own consumer, never written by the
 * module that emits the events. One statement: the consumer's position (event_consumers, row-locked: concurrent
 * runs of one consumer take turns, SKIP LOCKED, and the second does nothing), the events written by transactions
 * from that position up to the oldest transaction still running (all finished, so all visible now: none is skipped
 * by one that commits later), what `write` derives from them (a data-modifying statement over the CTE `ev`, the
 * events' rows, returning one row per thing written), and the new position, committed together. Returns how many
 * rows `write` wrote.
 */
export async function consumeTerminalEvents(db: DbOrTx, consumer: string, write: SQL): Promise<number> {
  const [r] = await db.execute<{ n: number }>(sql`
    with pos as (
      select done_below from event_consumers where name = ${consumer} for update skip locked
    ), upto as (
      select pg_snapshot_xmin(pg_current_snapshot()) as x
    ), ev as (
      -- (the types written out: the partial index webhook_events_terminal_tx_idx holds exactly these)
      select e.* from webhook_events e, pos, upto
       where e.event_type in ('sms.delivered', 'sms.failed') and e.tx >= pos.done_below and e.tx < upto.x
    ), out as (
      ${write}
    ), moved as (
      update event_consumers c set done_below = upto.x, updated_at = now() from pos, upto
       where c.name = ${consumer} and upto.x > pos.done_below
    )
    select count(*)::int as n from out`);
  return r.n;
}
