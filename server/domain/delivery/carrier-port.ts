import type { DbOrTx } from '@/db/client';
import type { Failure, Receipt } from '@/server/domain/carrier/connector';
import { receiveInbound, type InboundReport, type ReceivedInbound } from '@/server/domain/inbound/receive-inbound';
import { lockForRefund, refundMessage } from '@/server/domain/wallets/refund';
import { existingDispatches, LockOrderError, lockDispatches, type Loaded } from './dispatch-locks';
import { finishAllComplete, moveAcross, moveWithEvents, moveWithEventsCharged } from './transitions';

/**
 * The one way a carrier reports what became of the recipients it was handed, and the messages it received. The
 * delivery module owns every recipient state change, event, refund and dispatch completion; a carrier (the
 * simulator, an SMPP connector) only says, per dispatch, which recipients it accepted, which it refused before
 * accepting them and which receipts (or expiries) came for accepted ones, and calls these with the dispatches locked
 * first (lockDispatches, in id order); and it hands over the MO it received (reportInbound).
 */
export { LockOrderError, lockDispatches };
export type LockedDispatch = Loaded;

export type CarrierReport = {
  /** Accepted by a carrier: processing -> sent with sms.sent (`carrier`, `carrier_message_id`). */
  accepted?: Array<{ recipientId: number; carrier: string; carrierMessageId?: string | null }>;
  /** Refused before any carrier accepted them: processing -> failed, their price refunded (D20). */
  refused?: Array<{ recipientId: number; carrier: string | null; failure: Failure }>;
  /** Receipts, or the validity's end, for accepted recipients: sent -> delivered | failed; they stay charged. */
  receipts?: Receipt[];
};

/**
 * Applies reports to the recipients of locked dispatches, in the caller's transaction, in sets across dispatches: one
 * statement per step whatever the number of dispatches a carrier's batch touches (one dispatch per single send).
 * Refusals first (their refund locks the messages and wallets, which must come before any event of the transaction:
 * lockForRefund; each refused dispatch refunds its own message), then every acceptance in one move, then every
 * receipt (delivered in one move, failed in another), and the dispatches that may be done are checked in one
 * statement. The caller locks every dispatch it may touch first, in id order and in one statement (lockDispatches), so
 * that two carriers' batches never wait for each other in opposite orders. A report for a dispatch that is not in a
 * non-empty `dispatches` throws LockOrderError (its caller runs again with it locked first); with none locked yet,
 * the reported dispatches are locked here. A report for a dispatch that no longer exists is skipped. Returns how many
 * recipients became sent.
 */
export async function applyCarrierReports(tx: DbOrTx, dispatches: Map<string, LockedDispatch>, reports: Map<string, CarrierReport>, now: Date): Promise<{ sent: number }> {
  const late = [...reports.keys()].filter((id) => !dispatches.has(id));
  if (late.length && !dispatches.size) for (const [id, d] of await lockDispatches(tx, late)) dispatches.set(id, d);
  else if (late.length) {
    const existing = await existingDispatches(tx, late);
    if (existing.length) throw new LockOrderError(existing);
  }
  const present = [...reports].flatMap(([id, r]) => (dispatches.has(id) ? [{ d: dispatches.get(id)!, r }] : []));
  const refunding = present.filter(({ r }) => r.refused?.length).map(({ d }) => d.ref.messageId);
  await lockForRefund(tx, [...dispatches.values()].map((d) => d.ref.messageId), refunding);
  for (const { d, r } of present) {
    if (r.refused?.length) await failRecipients(tx, d, 'processing', r.refused.map((x) => ({ id: x.recipientId, carrier: x.carrier, failure: x.failure })), now);
  }
  const refs = present.map(({ d }) => d.ref);
  // (the moves, their events and the messages' counters and updated_at: one statement each)
  const sent = await moveAcross(tx, refs, { from: 'processing', to: 'sent', type: 'sms.sent' },
    present.flatMap(({ d, r }) => (r.accepted ?? []).map((x) => ({
      dispatchId: d.ref.id, id: x.recipientId, carrier: x.carrier, carrierMessageId: x.carrierMessageId ?? null,
      extra: x.carrierMessageId === undefined ? undefined : { carrier_message_id: x.carrierMessageId },
    }))), now);
  const receipts = present.flatMap(({ d, r }) => (r.receipts ?? []).map((x) => ({ d, x })));
  await moveAcross(tx, refs, { from: 'sent', to: 'delivered', type: 'sms.delivered' },
    receipts.filter(({ x }) => x.delivered).map(({ d, x }) => ({ dispatchId: d.ref.id, id: x.recipientId, extra: { segments: d.segments } })), now);
  await moveAcross(tx, refs, { from: 'sent', to: 'failed', type: 'sms.failed' },
    receipts.flatMap(({ d, x }) => (x.delivered ? [] : [{ dispatchId: d.ref.id, ...failedMove({ id: x.recipientId, carrier: null, failure: x as Failure }) }])), now);
  await finishAllComplete(tx, present.filter(({ r }) => r.refused?.length || r.receipts?.length).map(({ d }) => d.ref), now);
  return { sent };
}

export type { InboundReport, ReceivedInbound };

/**
 * Mobile-originated messages a carrier received (D18), each whole and decoded (an SMPP connector joins a long MO's
 * parts first): stored, routed to the app of their number and, when routed, given their sms.received event and its
 * delivery to the app's inbound_url, all in the caller's transaction, which the carrier commits before it
 * acknowledges the MO to its sender. Returns where each one went (organization and app null: unrouted).
 */
export function reportInbound(tx: DbOrTx, mos: InboundReport[], now: Date): Promise<ReceivedInbound[]> {
  return receiveInbound(tx, mos, now);
}

/** One dispatch's report, for a caller that holds one dispatch (the outbox's expiry). */
export function applyCarrierReport(tx: DbOrTx, d: LockedDispatch, report: CarrierReport, now: Date): Promise<{ sent: number }> {
  return applyCarrierReports(tx, new Map([[d.ref.id, d]]), new Map([[d.ref.id, report]]), now);
}

/** Adds to the report of a dispatch in a map of reports (building them in sets). */
export function reportFor(reports: Map<string, CarrierReport>, dispatchId: string): CarrierReport {
  let r = reports.get(dispatchId);
  if (!r) reports.set(dispatchId, (r = {}));
  return r;
}

/**
 * Fails recipients of a dispatch with their sms.failed events. From `sent` (a carrier accepted them) they stay
 * charged; from `processing` (no carrier accepted them) their price comes back (D20) in this transaction: a
 * `refund` of what the rows this very move took out of `processing` were charged, prepaid first. The message and
 * its organization's wallets are locked before the move writes its events (lockForRefund says why); a transaction
 * that wrote events before, or that refunds several messages, locks them all first (applyCarrierReports).
 */
export async function failRecipients(
  tx: DbOrTx,
  d: Loaded,
  from: 'processing' | 'sent',
  rows: Array<{ id: number; carrier: string | null; failure: Failure }>,
  now: Date,
): Promise<void> {
  const step = { from, to: 'failed', type: 'sms.failed' } as const;
  const moves = rows.map(failedMove);
  if (from === 'sent' || !moves.length) {
    await moveWithEvents(tx, d.ref, step, moves, now);
    return;
  }
  await lockForRefund(tx, [d.ref.messageId]);
  const { moved, charged } = await moveWithEventsCharged(tx, d.ref, step, moves, now);
  const note = `Not accepted by any carrier: ${moved} ${moved === 1 ? 'recipient' : 'recipients'}`;
  await refundMessage(tx, { messageId: d.ref.messageId, amount: charged, actor: 'system', order: 'prepaid-first', note });
}

/** A failed recipient's move: its error on the row and in its sms.failed event's data. */
function failedMove(r: { id: number; carrier: string | null; failure: Failure }) {
  const f = r.failure;
  return {
    id: r.id,
    carrier: r.carrier,
    errorCode: f.errorCode,
    errorMessage: f.errorMessage,
    extra: { error_code: f.errorCode, error_message: f.errorMessage, retryable: f.retryable },
  };
}
