import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { Failure, Receipt } from '@/server/domain/carrier/connector';
import { routeToConnectors } from '@/server/domain/carrier/routing';
import { lockForRefund, refundMessage } from '@/server/domain/wallets/refund';
import { FAILURES } from '@/server/domain/carrier/simulator';
import { addJob } from '@/server/jobs/add-job';
import { inTransaction } from '@/server/lib/after-commit';
import { allSettledOrThrow } from '@/server/lib/settle';
import { stepAt, type Pipeline } from './pipeline';
import type { DispatchRef } from './recipient-events';
import { finishIfComplete, moveWithEvents, moveWithEventsCharged } from './transitions';

/** Recipients handed to an SMPP route (carrier_outbox) are the connector's, not the simulator's. */
const NOT_ON_SMPP = sql`and not exists (select 1 from carrier_outbox o where o.recipient_id = r.id)`;

export type Loaded = { ref: DispatchRef; body: string; senderId: string | null; segments: number };

type DispatchRow = { id: string; message_id: string; dispatch_at: Date | null; body: string; sender_id: string | null; segments: number };

function loaded(d: DispatchRow): Loaded {
  return {
    ref: { id: d.id, messageId: d.message_id, dispatchAt: d.dispatch_at ? new Date(d.dispatch_at) : null },
    body: d.body,
    senderId: d.sender_id,
    segments: d.segments,
  };
}

export async function loadDispatch(tx: DbOrTx, dispatchId: string): Promise<Loaded | null> {
  const [d] = await tx.execute<DispatchRow>(sql`
    select d.id, d.message_id, d.dispatch_at, m.body, m.sender_id, m.segments
      from message_dispatches d join messages m on m.id = d.message_id where d.id = ${dispatchId} for update of d`);
  return d ? loaded(d) : null;
}

/**
 * Locks a set of dispatches in one statement, in id order (every writer that locks several does so in this order:
 * no deadlock between them): those named, and those `also` selects (a subquery yielding dispatch ids).
 */
export async function lockDispatches(tx: DbOrTx, ids: string[], also?: SQL): Promise<Map<string, Loaded>> {
  if (!ids.length && !also) return new Map();
  const rows = await tx.execute<DispatchRow>(sql`
    select d.id, d.message_id, d.dispatch_at, m.body, m.sender_id, m.segments
      from message_dispatches d join messages m on m.id = d.message_id
     where d.id = any(array(select jsonb_array_elements_text(${JSON.stringify([...new Set(ids)])}::jsonb)))
           ${also ? sql`or d.id in (${also})` : sql``}
     order by d.id for update of d`);
  return new Map(rows.map((d) => [d.id, loaded(d)]));
}

/** Job `carrier_submit`: hands every `processing` recipient of a dispatch to the connector; accepted -> sent, rejected -> failed (and refunded). */
export async function submitDispatch(p: Pipeline, dispatchId: string): Promise<void> {
  const now = p.now();
  await inTransaction(p.db, async (tx) => {
    const d = await loadDispatch(tx, dispatchId);
    if (!d) return;
    await routeToConnectors(tx, dispatchId, { sandbox: p.env.SMS_ENV === 'test' });
    const rows = await tx.execute<{ id: number; phone: string; network: string | null }>(sql`
      select r.id, r.phone, pr.network from message_recipients r left join pricing_rows pr on pr.id = r.pricing_row_id
       where r.dispatch_id = ${dispatchId} and r.state = 'processing' ${NOT_ON_SMPP} order by r.id`);
    if (rows.length === 0) return;
    const outcomes = await p.connector.submit(
      rows.map((r) => ({ recipientId: Number(r.id), phone: r.phone, body: d.body, senderId: d.senderId, segments: d.segments, network: r.network })),
    );
    const sent = outcomes.filter((o) => o.accepted).map((o) => ({ id: o.recipientId, carrier: o.carrier }));
    const failed = outcomes.flatMap((o) => (o.accepted ? [] : [{ id: o.recipientId, carrier: o.carrier, failure: o as Failure }]));
    // the refusals first: their refund locks the wallets, which must come before any event of this transaction
    await failRecipients(tx, d, 'processing', failed, now);
    const movedSent = await moveWithEvents(tx, d.ref, { from: 'processing', to: 'sent', type: 'sms.sent' }, sent, now);
    // independent of each other (the receipts job runs after this commits): one round trip
    await allSettledOrThrow([
      movedSent ? addJob(tx, 'carrier_receipts', { dispatch_id: dispatchId }, { runAt: stepAt(p, now), jobKey: `receipts:${dispatchId}` }) : Promise.resolve(),
      finishIfComplete(tx, d.ref, now),
    ] as const);
  });
}

/** Applies delivery receipts to `sent` recipients (what a real connector calls when DLRs arrive). */
export async function applyReceipts(tx: DbOrTx, d: Loaded, receipts: Receipt[], now: Date): Promise<void> {
  const delivered = receipts.filter((r) => r.delivered).map((r) => ({ id: r.recipientId }));
  await moveWithEvents(tx, d.ref, { from: 'sent', to: 'delivered', type: 'sms.delivered', common: { segments: d.segments } }, delivered, now);
  const failed = receipts.flatMap((r) => (r.delivered ? [] : [{ id: r.recipientId, carrier: null, failure: r as Failure }]));
  await failRecipients(tx, d, 'sent', failed, now);
  await finishIfComplete(tx, d.ref, now);
}

/** Job `carrier_receipts` (a connector that simulates receipts, i.e. the simulator): receipts for the dispatch's sent recipients; those without one wait for expiry. */
export async function receiptsDispatch(p: Pipeline, dispatchId: string): Promise<void> {
  const simulate = p.connector.simulateReceipts?.bind(p.connector);
  if (!simulate) return;
  const now = p.now();
  await inTransaction(p.db, async (tx) => {
    const d = await loadDispatch(tx, dispatchId);
    if (!d) return;
    const sent = await tx.execute<{ id: number; phone: string }>(sql`
      select r.id, r.phone from message_recipients r where r.dispatch_id = ${dispatchId} and r.state = 'sent' ${NOT_ON_SMPP} order by r.id`);
    const receipts = simulate(sent.map((s) => ({ recipientId: Number(s.id), phone: s.phone })));
    await applyReceipts(tx, d, receipts, now);
    if (receipts.length < sent.length) {
      const expireAt = new Date(now.getTime() + p.env.CARRIER_SIM_VALIDITY_S * 1000);
      await addJob(tx, 'carrier_expire', { dispatch_id: dispatchId }, { runAt: expireAt, jobKey: `expire:${dispatchId}` });
    }
  });
}

/** Job `carrier_expire`: sent recipients still without a receipt when the validity period ends fail with EXPIRED. */
export async function expireDispatch(p: Pipeline, dispatchId: string): Promise<void> {
  const now = p.now();
  await inTransaction(p.db, async (tx) => {
    const d = await loadDispatch(tx, dispatchId);
    if (!d) return;
    const rows = await tx.execute<{ id: number }>(sql`
      select r.id from message_recipients r where r.dispatch_id = ${dispatchId} and r.state = 'sent' ${NOT_ON_SMPP}
         and r.sent_at <= ${new Date(now.getTime() - p.env.CARRIER_SIM_VALIDITY_S * 1000).toISOString()}::timestamptz`);
    await failRecipients(tx, d, 'sent', rows.map((r) => ({ id: Number(r.id), carrier: null, failure: FAILURES.EXPIRED })), now);
    await finishIfComplete(tx, d.ref, now);
  });
}

/**
 * Fails recipients of a dispatch with their sms.failed events. From `sent` (a carrier accepted them) they stay
 * charged; from `processing` (no carrier accepted them) their price comes back (D20) in this transaction: a
 * `refund` of what the rows this very move took out of `processing` were charged, prepaid first. The message and
 * its organization's wallets are locked before the move writes its events (lockForRefund says why); a transaction
 * that wrote events before, or that refunds several messages, locks them all first (recordBatch).
 */
export async function failRecipients(
  tx: DbOrTx,
  d: Loaded,
  from: 'processing' | 'sent',
  rows: Array<{ id: number; carrier: string | null; failure: Failure }>,
  now: Date,
): Promise<void> {
  const step = { from, to: 'failed', type: 'sms.failed' } as const;
  const moves = rows.map((r) => ({
    id: r.id,
    carrier: r.carrier,
    errorCode: r.failure.errorCode,
    errorMessage: r.failure.errorMessage,
    extra: { error_code: r.failure.errorCode, error_message: r.failure.errorMessage, retryable: r.failure.retryable },
  }));
  if (from === 'sent' || !moves.length) {
    await moveWithEvents(tx, d.ref, step, moves, now);
    return;
  }
  await lockForRefund(tx, [d.ref.messageId]);
  const { moved, charged } = await moveWithEventsCharged(tx, d.ref, step, moves, now);
  const note = `Not accepted by any carrier: ${moved} ${moved === 1 ? 'recipient' : 'recipients'}`;
  await refundMessage(tx, { messageId: d.ref.messageId, amount: charged, actor: 'system', order: 'prepaid-first', note });
}
