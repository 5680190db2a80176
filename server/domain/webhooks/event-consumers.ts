import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { eventConsumers as consumers, webhookEvents as events } from '@/db/schema';
import { name, of } from '@/server/lib/sql-names';

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
      select ${consumers.doneBelow} from ${consumers} where ${consumers.name} = ${consumer} for update skip locked
    ), upto as (
      select pg_snapshot_xmin(pg_current_snapshot()) as x
    ), ev as (
      -- (the types written out: the partial index webhook_events_terminal_tx_idx holds exactly these)
      select e.* from ${events} e, pos, upto
       where ${of('e', events.eventType)} in ('sms.delivered', 'sms.failed') and ${of('e', events.tx)} >= pos.done_below and ${of('e', events.tx)} < upto.x
    ), out as (
      ${write}
    ), moved as (
      update ${consumers} c set ${name(consumers.doneBelow)} = upto.x, ${name(consumers.updatedAt)} = now() from pos, upto
       where ${of('c', consumers.name)} = ${consumer} and upto.x > pos.done_below
    )
    select count(*)::int as n from out`);
  return r.n;
}
