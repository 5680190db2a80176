import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { messageDispatches, messageRecipients as recipients, messages, type EventType, type RecipientState } from '@/db/schema';
import { emitEventsFrom } from '@/server/domain/webhooks/emit-events';
import { afterCommit } from '@/server/lib/after-commit';
import { money, type Money } from '@/server/lib/money';
import { recipientsTerminal } from '@/server/metrics/registry';
import { arrayLiteral } from '@/server/lib/sql-arrays';
import { name, of } from '@/server/lib/sql-names';
import { eventTimeField, type DispatchRef } from './recipient-events';
import { inBlocksOfDispatches, inDispatchBlocks, inIdRange } from './recipient-blocks';

type Move = { id: number; carrier?: string | null; carrierMessageId?: string | null; errorCode?: string; errorMessage?: string };

/**
 * Moves a set of recipients of one dispatch from `from` to `to` and writes the moved rows' events (the spec's
 * per-recipient events, plus D10's additive `dispatch_at`), in ONE statement: moveAcross for one dispatch.
 */
export async function moveWithEvents(tx: DbOrTx, d: DispatchRef, step: Step, rows: MoveRow[], now: Date): Promise<number> {
  return (await move(tx, [d], step, rows, now, false)).moved;
}

/**
 * Moves recipients of any number of dispatches (each row names its own, and `dispatches` holds them all) from `from`
 * to `to` with their events, in ONE statement whatever the number of dispatches: how a carrier's batch of answers
 * and receipts is applied (applyCarrierReports). The `state = from` guard is the state machine: terminal states
 * never change, and a row moves at most once even when a step is retried. The UPDATE is a CTE, and each event's
 * `data` is built in SQL from the row it moved (its phone and carrier), the step's time field, `common` (the same
 * for every row), the row's own `extra` (e.g. a failure's error fields) and its dispatch's `dispatch_at`, without
 * shipping the payloads to Postgres as JSON. Only the moved rows get events, so a retried step adds none. Each
 * message's counters and updated_at are written in the same statement too (`counters: false` leaves them to the
 * caller). Returns how many rows moved.
 */
export async function moveAcross(tx: DbOrTx, dispatches: DispatchRef[], step: Step, rows: Array<MoveRow & { dispatchId: string }>, now: Date): Promise<number> {
  return (await move(tx, dispatches, step, rows, now, false)).moved;
}

/**
 * moveWithEvents that also answers what the rows it moved were charged for this dispatch: the message's segments
 * times the sum of their prices (D2), read from the very rows the statement moved, so a retried step (which moves
 * none) answers 0. What D20 refunds.
 */
export async function moveWithEventsCharged(tx: DbOrTx, d: DispatchRef, step: Step, rows: MoveRow[], now: Date): Promise<{ moved: number; charged: Money }> {
  return move(tx, [d], step, rows, now, true);
}

type Step = { from: RecipientState; to: RecipientState; type: Exclude<EventType, 'sms.queued'>; common?: Record<string, unknown>; counters?: boolean };
type MoveRow = Move & { extra?: Record<string, unknown> };

async function move(
  tx: DbOrTx,
  dispatches: DispatchRef[],
  step: Step,
  // (a row without its dispatch is of the one dispatch given: no copy of each row to name it)
  rows: Array<MoveRow & { dispatchId?: string }>,
  now: Date,
  priced: boolean,
): Promise<{ moved: number; charged: Money }> {
  if (!rows.length) return { moved: 0, charged: money(0) };
  const only = dispatches.length === 1 ? dispatches[0].id : undefined;
  const { from, to, type } = step;
  const counters = step.counters !== false;
  const at = now.toISOString();
  // absent keys read as null: a delivered receipt sends only its id. Keys are added one by one, not spread: on Node 20
  // a spread followed by more properties takes a slow path (about 1 us a row here, 3,000 rows per 1,000 recipients).
  const payload = rows.map((r) => {
    const d = r.dispatchId ?? only;
    if (d === undefined) throw new Error('move: a row names no dispatch, and more than one was given');
    const o: { id: number; d: string; carrier?: string; carrier_message_id?: string; error_code?: string; error_message?: string; extra?: Record<string, unknown> } = { id: r.id, d };
    if (r.carrier != null) o.carrier = r.carrier;
    if (r.carrierMessageId != null) o.carrier_message_id = r.carrierMessageId;
    if (r.errorCode != null) o.error_code = r.errorCode;
    if (r.errorMessage != null) o.error_message = r.errorMessage;
    if (r.extra) o.extra = r.extra;
    return o;
  });
  const field = eventTimeField(type);
  const fixed = { ...(field ? { [field]: at } : {}), ...step.common };
  const used = new Set(payload.map((r) => r.d));
  const refs = dispatches.filter((d) => used.has(d.id));
  if (refs.length !== used.size) throw new Error('moveAcross: a row names a dispatch that is not among the dispatches given');
  const dispatchRows = JSON.stringify(refs.map((d) => ({ id: d.id, at: d.dispatchAt ? d.dispatchAt.toISOString() : null })));
  const { counted, value } = await emitEventsFrom(tx, {
    prelude: sql`
      x as (
        select * from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb)
          as x(id bigint, d text, carrier text, carrier_message_id text, error_code text, error_message text, extra jsonb)
      ), dd as (
        select * from jsonb_to_recordset(${dispatchRows}::jsonb) as dd(id text, at text)
      ), mv as (
        update ${recipients} r
           set ${name(recipients.state)} = ${to},
               ${name(recipients.carrier)} = coalesce(x.carrier, ${of('r', recipients.carrier)}),
               ${name(recipients.carrierMessageId)} = coalesce(x.carrier_message_id, ${of('r', recipients.carrierMessageId)}),
               ${name(recipients.errorCode)} = coalesce(x.error_code, ${of('r', recipients.errorCode)}),
               ${name(recipients.errorMessage)} = coalesce(x.error_message, ${of('r', recipients.errorMessage)}),
               ${name(recipients.sentAt)} = case when ${to} = 'sent' then ${at}::timestamptz else ${of('r', recipients.sentAt)} end,
               ${name(recipients.doneAt)} = case when ${to} in ('delivered', 'failed') then ${at}::timestamptz else ${of('r', recipients.doneAt)} end,
               ${name(recipients.updatedAt)} = ${at}::timestamptz
          from x
         where ${of('r', recipients.id)} = x.id and ${of('r', recipients.dispatchId)} = x.d and ${of('r', recipients.state)} = ${from}
           -- the same rows, said so that the plan cannot go wrong: the dispatch index no longer holds the state
           -- (migration 0019), and on a table without statistics the planner then guessed 1 row of the dispatch and
           -- joined x to it by a nested loop that read x's 1,000 rows once per row (300 ms instead of 3). With the
           -- ids as an array it hashes x or probes the primary key, with or without statistics.
           and ${of('r', recipients.id)} = any(array(select x.id from x))
           -- and as a range: the other id blocks' partitions pruned before it runs (inIdRange, D24)
           and ${inIdRange(sql`${of('r', recipients.id)}`, payload.map((r) => r.id))}
        returning ${of('r', recipients.id)}, ${of('r', recipients.phone)}, ${of('r', recipients.carrier)}, ${of('r', recipients.price)},
                  ${of('r', recipients.messageId)}, ${of('r', recipients.dispatchId)}, x.extra, gen_random_uuid() as eid
      ), ${counters ? sql`counted as (
        -- each message's counters (and updated_at), in the same statement (no other part of it writes the
        -- message rows; the events' lookup of them reads the statement's snapshot, whose columns it does not change)
        update ${messages} m set
          ${name(messages.delivered)} = ${of('m', messages.delivered)} + ${to === 'delivered' ? sql`c.n` : sql`0`},
          ${name(messages.failed)} = ${of('m', messages.failed)} + ${to === 'failed' ? sql`c.n` : sql`0`},
          ${name(messages.updatedAt)} = ${at}::timestamptz
          from (select message_id, count(*)::int as n from mv group by message_id) c
         where ${of('m', messages.id)} = c.message_id
      ),` : sql``}`,
    // each event's data: recipient_phone, carrier ('unknown' when none), the time field, the extras, dispatch_at
    source: sql`(
      select mv.eid as id, ${type}::text as t, mv.message_id as m, mv.dispatch_id as d, mv.id as r, ${at}::text as ts,
             jsonb_build_object('recipient_phone', mv.phone, 'carrier', coalesce(mv.carrier, 'unknown'))
               || ${JSON.stringify(fixed)}::jsonb || coalesce(mv.extra, '{}'::jsonb)
               || jsonb_build_object('dispatch_at', dd.at) as data
        from mv join dd on dd.id = mv.dispatch_id) as r`,
    messageIds: [...new Set(refs.map((d) => d.messageId))],
    now,
    count: sql`(select count(*)::int from mv)`,
    value: priced ? sql`(select sum(mv.price * (select ${messages.segments} from ${messages} where ${messages.id} = mv.message_id)) from mv)` : undefined,
    // a row moves out of `from` once (the state guard, under its row lock), and its event is written in the same
    // statement, so none of these events can exist already
    fresh: true,
  });
  if (counters && counted && (to === 'delivered' || to === 'failed')) afterCommit(tx, () => recipientsTerminal.inc({ state: to }, counted));
  return { moved: counted, charged: money(value ?? 0) };
}

/** A running dispatch whose recipients are all terminal becomes `done` (once), and the message counts it. */
export function finishIfComplete(tx: DbOrTx, d: DispatchRef, now: Date): Promise<void> {
  return finishAllComplete(tx, [d], now);
}

/** finishIfComplete for a set of dispatches, in one statement whatever their number. */
export async function finishAllComplete(tx: DbOrTx, refs: ReadonlyArray<Pick<DispatchRef, 'id' | 'firstRecipientId'>>, now: Date): Promise<void> {
  if (!refs.length) return;
  const dispatchIds = refs.map((d) => d.id);
  await tx.execute(sql`
    with done as (
      update ${messageDispatches} d set ${name(messageDispatches.state)} = 'done', ${name(messageDispatches.finishedAt)} = ${now.toISOString()}::timestamptz
       where ${of('d', messageDispatches.id)} = any(${arrayLiteral(dispatchIds)}::text[]) and ${of('d', messageDispatches.state)} = 'running'
         and not exists (select 1 from ${recipients} r
                          where ${of('r', recipients.dispatchId)} = ${of('d', messageDispatches.id)}
                            and ${inDispatchBlocks(sql`${of('r', recipients.id)}`, sql`${of('d', messageDispatches.firstRecipientId)}`)}
                            and ${inBlocksOfDispatches(sql`${of('r', recipients.id)}`, refs.map((d) => d.firstRecipientId))}
                            and ${of('r', recipients.state)} in ('pending', 'processing', 'sent'))
      returning ${of('d', messageDispatches.messageId)})
    update ${messages} m set ${name(messages.dispatchesDone)} = ${of('m', messages.dispatchesDone)} + c.n
      from (select message_id, count(*)::int as n from done group by message_id) c
     where ${of('m', messages.id)} = c.message_id`);
}
