import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { messages, smppReceipts as owed, webhookEvents as events } from '@/db/schema';
import { name, of } from '@/server/lib/sql-names';
import { encodeGsm, gsmChar } from '@/server/smpp/codec/gsm';
import { consumeTerminalEvents } from '@/server/domain/webhooks/event-consumers';
import { claimOwed, settleOwed, sweepOwed } from '@/server/queue/owed-queue';
import { sendTextOf } from '@/server/domain/messages/texts';

/** A receipt owed to an ESME (smpp_receipts, derived from the terminal events by deriveReceipts). */
export type OwedReceipt = {
  id: number;
  appId: string;
  messageId: string;
  phone: string;
  senderId: string | null;
  stat: string;
  err: string;
  text: string;
  submittedAt: Date;
  doneAt: Date;
};

/** SMPP 3.4 message_state values (5.2.28) for the receipt's `stat:`. */
export const MESSAGE_STATE: Record<string, number> = { DELIVRD: 2, EXPIRED: 3, DELETED: 4, UNDELIV: 5, UNKNOWN: 7, REJECTD: 8 };

/** YYMMDDhhmm in UTC, as Appendix B dates are written. */
function appendixBDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCFullYear() % 100)}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}`;
}

/** The receipt's short_message, SMPP 3.4 Appendix B: `id:... sub:001 dlvrd:... submit date:... done date:... stat:... err:... text:...`. */
export function receiptText(r: OwedReceipt): string {
  const dlvrd = r.stat === 'DELIVRD' ? '001' : '000';
  return `id:${r.messageId} sub:001 dlvrd:${dlvrd} submit date:${appendixBDate(r.submittedAt)} done date:${appendixBDate(r.doneAt)} stat:${r.stat} err:${r.err} text:${r.text}`;
}

/**
 * The receipt text as data_coding 0 carries it: GSM 03.38 unpacked septets (an ESME reads `_` of the message id as
 * 0x11, not ASCII 0x5F, which GSM reads as `§`); a character of the message's first 20 outside GSM becomes `?`.
 */
export function receiptOctets(r: OwedReceipt): Buffer {
  return encodeGsm(Array.from(receiptText(r), (c) => (gsmChar(c) ? c : '?')).join(''));
}

/** The receipt's deliver_sm (D15): from the recipient to the sender id, esm_class 0x04, Appendix B text and the TLVs. */
export function receiptDeliverSm(r: OwedReceipt): Record<string, unknown> {
  return {
    source_addr_ton: 1, source_addr_npi: 1, source_addr: r.phone.replace(/^\+/, ''),
    dest_addr_ton: 5, dest_addr_npi: 0, destination_addr: r.senderId ?? '',
    esm_class: 0x04, data_coding: 0, short_message: receiptOctets(r),
    receipted_message_id: r.messageId, message_state: MESSAGE_STATE[r.stat] ?? MESSAGE_STATE.UNKNOWN,
  };
}

/** How long one deriveReceipts call goes on through a backlog of terminal events (a few batches at most). */
const DERIVE_BUDGET_MS = 1_000;

/** How long a receipt is owed to the app's sessions after its terminal event (D15). */
const RECEIPT_KEPT = sql.raw(`interval '72 hours'`);

/**
 * D15: the receipts owed to merchants' ESMEs, derived from the terminal events of their SMPP sends by their own
 * consumer of webhook_events (consumeTerminalEvents), one statement a batch: one per `sms.delivered` or `sms.failed` of a
 * message submitted over SMPP whose registered_delivery asked for it (bits 0-1: 01 success or failure, 10 failure
 * only), with the Appendix B `stat:` and `err:` the event's data gives, kept 72 hours after the event. The listener
 * runs it before it claims, and now and then without a bound receiver (its sweep). Returns how many it derived.
 * Each event's message is read by its key (the subquery's `limit 1` keeps it a probe per event): joined freely, the
 * planner that reads `channel = 'smpp'` as a handful of rows in a history of API sends hashed the whole table.
 * Runs the consumer's batches (consumeTerminalEvents) until it is at the horizon or `budgetMs` has passed: a call
 * made to claim receipts returns within about that even while the consumer catches up on millions of events, and
 * the next call goes on from where it stopped.
 */
export async function deriveReceipts(db: Db, o: { budgetMs?: number; batch?: number } = {}): Promise<number> {
  const until = performance.now() + (o.budgetMs ?? DERIVE_BUDGET_MS);
  let derived = 0;
  for (;;) {
    const run = await deriveReceiptsOnce(db, o.batch);
    derived += run.written;
    if (!run.more || performance.now() >= until) return derived;
  }
}

function deriveReceiptsOnce(db: Db, batch?: number): Promise<{ written: number; more: boolean }> {
  return consumeTerminalEvents(db, 'smpp_receipts', sql`
    insert into ${owed} (${name(owed.appId)}, ${name(owed.messageId)}, ${name(owed.recipientId)}, ${name(owed.eventId)}, ${name(owed.phone)},
                         ${name(owed.senderId)}, ${name(owed.stat)}, ${name(owed.err)}, ${name(owed.text)}, ${name(owed.submittedAt)}, ${name(owed.doneAt)},
                         ${name(owed.expiresAt)})
    select ${of('ev', events.appId)}, ${of('ev', events.messageId)}, ${of('ev', events.recipientId)}, ${of('ev', events.id)}, ${of('ev', events.payload)}->'data'->>'recipient_phone', ${of('m', messages.senderId)},
           case when ${of('ev', events.eventType)} = 'sms.delivered' then 'DELIVRD'
                when ${of('ev', events.payload)}->'data'->>'error_code' = 'EXPIRED' then 'EXPIRED'
                when ${of('ev', events.payload)}->'data'->>'error_code' in ('DLR_UNDELIV', 'DLR_EXPIRED', 'DLR_REJECTD', 'DLR_DELETED', 'DLR_UNKNOWN')
                  then substr(${of('ev', events.payload)}->'data'->>'error_code', 5)
                when ${of('ev', events.payload)}->'data'->>'error_code' like 'SMPP_%' then 'REJECTD'
                else 'UNDELIV' end,
           case when ${of('ev', events.payload)}->'data'->>'error_message' ~ '^[0-9]{3}$' then ${of('ev', events.payload)}->'data'->>'error_message' else '000' end,
           coalesce(left(${sendTextOf('m')}, 20), ''), ${of('m', messages.createdAt)}, ${of('ev', events.createdAt)}, ${of('ev', events.createdAt)} + ${RECEIPT_KEPT}
      from ev cross join lateral (select ${messages.id}, ${messages.channel}, ${messages.smppRegisteredDelivery}, ${messages.senderId}, ${messages.body},
                                         ${messages.firstRecipientId}, ${messages.createdAt}
                                    from ${messages} where ${messages.id} = ${of('ev', events.messageId)} limit 1) m
     where ${of('m', messages.channel)} = 'smpp' and ${of('ev', events.createdAt)} + ${RECEIPT_KEPT} > now()
       and ((${of('m', messages.smppRegisteredDelivery)} & 3) = 1 or ((${of('m', messages.smppRegisteredDelivery)} & 3) = 2 and ${of('ev', events.eventType)} = 'sms.failed'))
    on conflict do nothing
    returning 1`, batch);
}

/** Takes up to `limit` due receipts of these apps for this listener (claimOwed: never one another listener holds; an attempt each). */
export async function claimReceipts(db: Db, appIds: string[], listener: string, limit: number): Promise<OwedReceipt[]> {
  const rows = await claimOwed<{
    id: number; app_id: string; message_id: string; phone: string; sender_id: string | null; stat: string; err: string; text: string;
    submitted_at: string; done_at: string;
  }>(db, owed, {
    appIds, owner: listener, limit,
    columns: sql`${of('c', owed.id)}, ${of('c', owed.appId)}, ${of('c', owed.messageId)}, ${of('c', owed.phone)}, ${of('c', owed.senderId)}, ${of('c', owed.stat)},
                 ${of('c', owed.err)}, ${of('c', owed.text)}, ${of('c', owed.submittedAt)}, ${of('c', owed.doneAt)}`,
  });
  return rows.map((r) => ({
    id: Number(r.id), appId: r.app_id, messageId: r.message_id, phone: r.phone, senderId: r.sender_id, stat: r.stat, err: r.err, text: r.text,
    submittedAt: new Date(r.submitted_at), doneAt: new Date(r.done_at),
  }));
}

/** Handed over (deliver_sm_resp 0): gone. Not handed over (refused, no answer, session gone): offered again later, until it expires (72 h after the terminal state). */
export function settleReceipts(db: Db, handed: number[], retry: number[]): Promise<void> {
  return settleOwed(db, owed, handed, retry);
}

/** Every listener, now and then: claims of a listener that died go back to the queue; expired receipts are dropped. */
export async function sweepReceipts(db: Db): Promise<void> {
  await sweepOwed(db, owed);
}
