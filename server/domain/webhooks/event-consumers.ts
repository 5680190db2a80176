import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { eventConsumers as consumers, webhookEvents as events } from '@/db/schema';
import { name, of } from '@/server/lib/sql-names';

/** The terminal events one run of a consumer takes at most (a transaction's events are never split between runs). */
export const CONSUMER_BATCH = 10_000;

/**
 * A consumer of a send's terminal events (`sms.delivered`, `sms.failed`): webhook_events is the one record of what
 * happened, and what other modules owe because of it is derived from it by its own consumer, never written by the
 * module that emits the events. One statement: the consumer's position (event_consumers, row-locked: concurrent
 * runs of one consumer take turns, SKIP LOCKED, and the second does nothing), the events written by transactions
 * from that position up to the oldest transaction still running (all finished, so all visible now: none is skipped
 * by one that commits later), what `write` derives from them (a data-modifying statement over the CTE `ev`, the
 * events' rows, returning one row per thing written), and the new position, committed together.
 *
 * A run takes at most `batch` events, whole transactions at a time, in transaction order: after a consumer has been
 * idle a long time (a listener down for hours behind millions of events), its catch-up is a series of short
 * statements, not one that reads every event since and holds the position's lock and the vacuum horizon for a
 * minute. Only a single transaction with more events than `batch` is taken in one run beyond it. Answers how many
 * rows `write` wrote, and whether the run stopped short of the horizon (`more`: run again).
 */
export async function consumeTerminalEvents(db: DbOrTx, consumer: string, write: SQL, batch = CONSUMER_BATCH): Promise<{ written: number; more: boolean }> {
  const [r] = await db.execute<{ n: number; more: boolean }>(consumeTerminalEventsSql(consumer, write, batch));
  return { written: r.n, more: r.more };
}

/**
 * consumeTerminalEvents' statement. The position and the horizon bound every read of webhook_events as scalar
 * subqueries (values known when the scan starts, so index conditions on each partition's terminal-tx index): joined
 * as rows instead, the planner may read the partitions' indexes in transaction order from the start of the history
 * and filter on the position afterwards, which at 10 million recipients took 4-8 s a run for a few hundred events.
 */
export function consumeTerminalEventsSql(consumer: string, write: SQL, batch: number): SQL {
  // (the types written out: the partial index webhook_events_terminal_tx_idx holds exactly these)
  const terminal = sql`${of('e', events.eventType)} in ('sms.delivered', 'sms.failed')`;
  const from = sql`(select done_below from pos)`;
  return sql`
    with pos as (
      select ${consumers.doneBelow} from ${consumers} where ${consumers.name} = ${consumer} for update skip locked
    ), upto as (
      select pg_snapshot_xmin(pg_current_snapshot()) as x
    ), waiting as (
      -- the transactions of the first events from the position, in transaction order: one more event than a run takes
      select ${of('e', events.tx)} as tx from ${events} e
       where ${terminal} and ${of('e', events.tx)} >= ${from} and ${of('e', events.tx)} < (select x from upto)
       order by ${of('e', events.tx)} limit ${batch + 1}
    ), stop as (
      -- where this run stops: at the horizon when no more than a run's events wait; else at the transaction of the
      -- last one waiting (its events are the next run's); when all of them are of one transaction, just after it
      -- (that transaction's id + 1: no later id, so no later event, is below it)
      select case when (select count(*) from waiting) <= ${batch} then upto.x
                  when (select max(tx) from waiting) > (select min(tx) from waiting) then (select max(tx) from waiting)
                  else ((select min(tx) from waiting)::text::numeric + 1)::text::xid8
             end as x
        from upto
    ), ev as (
      select e.* from ${events} e
       where ${terminal} and ${of('e', events.tx)} >= ${from} and ${of('e', events.tx)} < (select x from stop)
    ), out as (
      ${write}
    ), moved as (
      update ${consumers} c set ${name(consumers.doneBelow)} = stop.x, ${name(consumers.updatedAt)} = now() from pos, stop
       where ${of('c', consumers.name)} = ${consumer} and stop.x > pos.done_below
    )
    select (select count(*)::int from out) as n, (select x from stop) < (select x from upto) as more`;
}
