import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { messageDispatches, messages } from '@/db/schema';
import { name, of } from '@/server/lib/sql-names';
import { routeToConnectors } from '@/server/domain/carrier/routing';
import type { Pipeline } from './pipeline';
import { refuseDisallowedSenders, type SenderOf } from './refuse-sender';
import { skipOptedOut } from './skip-opted-out';
import { skipUnroutable } from './skip-unroutable';
import { finishAllComplete, moveAcross } from './transitions';

/** A dispatch being started, with what its hand-over needs of its message; `nextAt`: the message's next dispatch moment. */
export type Starting = SenderOf & { nextAt: string | null };

/**
 * Starts a set of dispatches in the caller's transaction (their rows and messages locked: run-dispatch.ts), in sets:
 * one statement per step whatever the number of dispatches. It skips the recipients now on the opt-out list
 * (skipOptedOut: failed and refunded, D19/D20) and all of a timed dispatch's when its sender is no longer allowed
 * (refuseDisallowedSenders, D22), then hands every other pending recipient to the connector of its route (D14
 * routing: a row in its outbox, whose owner the commit wakes) and moves it pending -> processing with its
 * `sms.processing` event, labelled with that connector's name; a recipient that no connector takes (live, no route)
 * is failed NO_ROUTE and refunded (skipUnroutable, D14 amended, D20). The dispatches become `running`, each message
 * counts the recipients picked up and its next dispatch's moment, and a dispatch with nothing handed over (every
 * pending recipient skipped: no carrier will complete it) is done at once. Returns how many recipients moved.
 */
export async function handOverDispatches(tx: DbOrTx, p: Pipeline, ds: Starting[], now: Date): Promise<number> {
  if (!ds.length) return 0;
  const refs = ds.map((d) => d.ref);
  await skipOptedOut(tx, refs, now);
  // (a timed dispatch's sender is judged again; an immediate one starts moments after its send judged it)
  const refused = await refuseDisallowedSenders(tx, ds.filter((d) => d.ref.dispatchAt !== null), p.env.SMS_ENV, now);
  const open = ds.filter((d) => !refused.has(d.ref.id));
  const routed = await routeToConnectors(tx, open.map((d) => ({ id: d.ref.id, organizationId: d.organizationId, firstRecipientId: d.ref.firstRecipientId })), p.routing, now);
  for (const d of open) {
    const unroutable = routed.filter((r) => r.connector === null && r.dispatchId === d.ref.id).map((r) => r.id);
    if (unroutable.length) await skipUnroutable(tx, d.ref, unroutable, now);
  }
  const handed = routed.flatMap((r) => (r.connector === null ? [] : [{ id: r.id, dispatchId: r.dispatchId, carrier: r.connector }]));
  const moved = await moveAcross(tx, refs, { from: 'pending', to: 'processing', type: 'sms.processing', counters: false }, handed, now);
  const pickedUp = new Map<string, number>();
  for (const h of handed) pickedUp.set(h.dispatchId, (pickedUp.get(h.dispatchId) ?? 0) + 1);
  const counts = ds.map((d) => ({ d: d.ref.id, m: d.ref.messageId, n: pickedUp.get(d.ref.id) ?? 0, next: d.nextAt }));
  // (the counts are what routing handed over: a recipient routed here is moved by the statement above, under the
  // dispatch lock this transaction holds)
  await tx.execute(sql`
    with x as (
      select * from jsonb_to_recordset(${JSON.stringify(counts)}::jsonb) as x(d text, m text, n int, next timestamptz)
    ), started as (
      update ${messageDispatches} d set ${name(messageDispatches.state)} = 'running', ${name(messageDispatches.startedAt)} = ${now.toISOString()}::timestamptz
        from x where ${of('d', messageDispatches.id)} = x.d
    )
    update ${messages} m set ${name(messages.pickedUp)} = ${of('m', messages.pickedUp)} + c.n, ${name(messages.nextDispatchAt)} = c.next,
           ${name(messages.updatedAt)} = ${now.toISOString()}::timestamptz
      from (select m, sum(n)::int as n, min(next) as next from x group by m) c
     where ${of('m', messages.id)} = c.m`);
  const idle = new Set(counts.filter((c) => c.n === 0).map((c) => c.d));
  await finishAllComplete(tx, ds.filter((d) => idle.has(d.ref.id)).map((d) => d.ref), now);
  return moved;
}
