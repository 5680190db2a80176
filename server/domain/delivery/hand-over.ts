import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { routeToConnectors } from '@/server/domain/carrier/routing';
import { addJob } from '@/server/queue/add-job';
import { allSettledOrThrow } from '@/server/lib/settle';
import { stepAt, type Pipeline } from './pipeline';
import type { DispatchRef } from './recipient-events';
import { refuseDisallowedSender } from './refuse-sender';
import { skipOptedOut } from './skip-opted-out';
import { finishIfComplete, moveWithEvents } from './transitions';

/**
 * Starts a dispatch inside its `dispatch_message` job's transaction (its row locked): skips the recipients now on the
 * opt-out list (skipOptedOut: failed and refunded, D19/D20) and all of them when its sender is no longer allowed
 * (refuseDisallowedSender, D22), then hands every other pending recipient
 * to its carrier (D14 routing: an SMPP connector's outbox, whose owner the commit wakes, else the simulator) and moves
 * it pending -> processing with its `sms.processing` event, labelled with the carrier that holds it (the connector's
 * name, or the simulator's label), all rows in one statement. The dispatch becomes `running`, the message counts
 * the recipients picked up and its next dispatch's moment (`next`), and the simulator's recipients get their
 * `carrier_submit` job. Returns how many recipients moved (run-dispatch.ts).
 */
export async function handOverDispatch(tx: DbOrTx, p: Pipeline, d: DispatchRef, now: Date, next: Promise<string | null>): Promise<number> {
  // D19 first: whoever is on the opt-out list now is failed and refunded, never handed over (`next` is still on its
  // way: issued together, postgres.js sends both statements in one write)
  const [, nextAt] = await allSettledOrThrow([skipOptedOut(tx, d, now), next] as const);
  // D22: a sender no longer allowed (revoked since the send was accepted) fails the rest, refunded
  await refuseDisallowedSender(tx, d, p.env.SMS_ENV, now);
  const routed = await routeToConnectors(tx, d.id, { sandbox: p.env.SMS_ENV === 'test' });
  const labelled = routed.map((r) =>
    r.connector !== null
      ? { id: r.id, carrier: r.connector, handedTo: 'smpp' as const }
      : { id: r.id, carrier: p.connector.carrierLabel(r.phone, r.network), handedTo: 'simulator' as const },
  );
  const moved = await moveWithEvents(tx, d, { from: 'pending', to: 'processing', type: 'sms.processing', counters: false }, labelled, now);
  const simulated = labelled.some((r) => r.handedTo === 'simulator');
  // independent writes, one round trip
  await allSettledOrThrow([
    tx.execute(sql`update message_dispatches set state = 'running', started_at = ${now.toISOString()}::timestamptz where id = ${d.id}`),
    tx.execute(sql`
      update messages set picked_up = picked_up + ${moved}, next_dispatch_at = ${nextAt}::timestamptz,
             updated_at = ${now.toISOString()}::timestamptz where id = ${d.messageId}`),
    simulated ? addJob(tx, 'carrier_submit', { dispatch_id: d.id }, { runAt: stepAt(p, now), jobKey: `submit:${d.id}` }) : Promise.resolve(),
  ] as const);
  // nothing handed over (every pending recipient skipped): no carrier step will complete the dispatch, so it is done now
  if (!moved) await finishIfComplete(tx, d, now);
  return moved;
}
