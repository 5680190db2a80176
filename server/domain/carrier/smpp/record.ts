import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { carrierOutbox as outbox, carrierParts, type ReceiptIdFormat } from '@/db/schema';
import { applyCarrierReports, LockOrderError, lockDispatches, reportFor, type CarrierReport } from '@/server/domain/delivery/carrier-port';
import { afterCommit, inTransaction } from '@/server/lib/after-commit';
import { carrierSubmits } from '@/server/metrics/registry';
import type { MoPdu } from '@/server/smpp/client/mo';
import { recordMos } from './mo-record';
import { NEXT_ON_ROUTE } from '../outbox';
import { partKey, receiptKey } from '@/server/smpp/client/receipt-ids';
import { dispatchesOfWaitingParts, insertReceipts, isFinal, judgeRecipients, matchReceipts, waitingScope, type ParsedReceipt } from './receipts';
import { arrayLiteral } from '@/server/lib/sql-arrays';
import { name, of } from '@/server/lib/sql-names';
import { smppFailure } from './status';
import { inIdRange } from '@/server/domain/delivery/recipient-blocks';

export type AcceptedPart = { recipientId: number; partNo: number; partsTotal: number; messageId: string };
export type OutcomeKind = { kind: 'sent' } | { kind: 'retry' } | { kind: 'fail'; status: number } | { kind: 'release' };
export type Outcome = { recipientId: number; dispatchId: string } & OutcomeKind;
/** `token`: the owner's lease token; a `release` gives back only rows still claimed with it (not a new owner's). */
export type ConnectorRef = { id: string; name: string; validityS: number; receiptIdFormat: ReceiptIdFormat; gsmCoding: number; token?: string };
/** What a connector's sessions heard since the last batch: accepted parts, whole-message outcomes, receipts, MO. */
export type Batch = { parts: AcceptedPart[]; outcomes: Outcome[]; receipts: ParsedReceipt[]; mos: MoPdu[] };

/**
 * Records a batch of what the SMSC said, in ONE transaction (D14): accepted parts (keyed for their receipts);
 * receipts (stored before their deliver_sm_resp is answered, which the caller does after this commits); `sent`
 * (every part accepted) moves the recipient processing -> sent with sms.sent; `retry` hands it to the next connector
 * of its route (or, past the last, back to the first after a backoff of 2^rounds s, at most 60 s); `fail` fails it
 * with SMPP_<STATUS>; `release` gives an unanswered row back to the queue of the same connector. Then every receipt
 * that names a waiting part (this batch's, or an earlier one that overtook its submit_sm_resp) is applied to it, and
 * the recipients that decides move to delivered or failed: a receipt is marked applied in the transaction that moves
 * its recipient and writes its events. The dispatches touched are locked first, in id order, in one statement.
 * Then the MO (D18, mo-record.ts): stored, joined and reported through the carrier port before their deliver_sm_resp.
 */
export async function recordBatch(db: Db, c: ConnectorRef, batch: Batch, now: Date, opts: { receiptsMayWait: boolean }): Promise<{ waiting: number; moFailure: unknown }> {
  const { parts, outcomes, receipts, mos } = batch;
  if (!parts.length && !outcomes.length && !receipts.length && !mos.length) return { waiting: 0, moFailure: null };
  // A report that reached a dispatch the first lock did not take: again, with it in the first lock (id order kept).
  let extra: string[] = [];
  for (;;) {
    try {
      return await recordOnce(db, c, batch, now, opts, extra);
    } catch (e) {
      if (!(e instanceof LockOrderError) || e.ids.every((id) => extra.includes(id))) throw e;
      extra = [...new Set([...extra, ...e.ids])];
    }
  }
}

function recordOnce(db: Db, c: ConnectorRef, batch: Batch, now: Date, opts: { receiptsMayWait: boolean }, extra: string[]) {
  const { parts, outcomes, receipts, mos } = batch;
  return inTransaction(db, async (tx) => {
    afterCommit(tx, () => {
      const byKind = new Map<Outcome['kind'], number>();
      for (const o of outcomes) byKind.set(o.kind, (byKind.get(o.kind) ?? 0) + 1);
      for (const [outcome, n] of byKind) carrierSubmits.inc({ connector: c.name, outcome }, n);
    });
    const moving = outcomes.filter((o) => o.kind === 'sent' || o.kind === 'fail').map((o) => o.dispatchId);
    const receiptKeys = receipts.map((r) => receiptKey(r.messageId, c.receiptIdFormat));
    const matching = receipts.length || (opts.receiptsMayWait && parts.length);
    const scope = matching ? await waitingScope(tx, c.id, now) : null;
    const dispatches = await lockDispatches(tx, [...moving, ...extra], scope && receiptKeys.length ? dispatchesOfWaitingParts(scope, receiptKeys) : undefined);
    const reports = new Map<string, CarrierReport>();

    const keyed = parts.map((p) => ({ recipient_id: p.recipientId, part_no: p.partNo, parts_total: p.partsTotal, message_id: p.messageId, key: partKey(p.messageId, c.receiptIdFormat) }));
    if (keyed.length) {
      await tx.execute(sql`
        insert into ${carrierParts} (${name(carrierParts.recipientId)}, ${name(carrierParts.connectorId)}, ${name(carrierParts.partNo)}, ${name(carrierParts.partsTotal)},
                              ${name(carrierParts.carrierMessageId)}, ${name(carrierParts.receiptKey)})
        select x.recipient_id, ${c.id}, x.part_no, x.parts_total, x.message_id, x.key
          from json_to_recordset(${JSON.stringify(keyed)}::json) as x(recipient_id bigint, part_no int, parts_total int, message_id text, key text)
        on conflict do nothing`);
    }
    const receiptIds = await insertReceipts(tx, c, receipts);
    const ids = (kind: Outcome['kind']) => outcomes.filter((o) => o.kind === kind).map((o) => o.recipientId);

    // The first part's id: from this batch's parts when part 1 is among them (a one-part message), else as stored.
    const firstOf = new Map(parts.filter((p) => p.partNo === 1).map((p) => [p.recipientId, p.messageId]));
    const sentIds = ids('sent');
    const sentRows = JSON.stringify(sentIds.map((id) => ({ recipient_id: id, first_id: firstOf.get(id) ?? null })));
    const sent = !sentIds.length ? [] : await tx.execute<{ recipient_id: number; dispatch_id: string; has_receipt: boolean; first_id: string | null }>(sql`
      update ${outbox} o set ${name(outbox.state)} = 'sent', ${name(outbox.claimedBy)} = null, ${name(outbox.claimedAt)} = null,
             ${name(outbox.expiresAt)} = now() + make_interval(secs => ${c.validityS})
        from jsonb_to_recordset(${sentRows}::jsonb) as x(recipient_id bigint, first_id text)
       where ${of('o', outbox.recipientId)} = any(${arrayLiteral(sentIds)}::bigint[]) -- (read by key: a join on x alone let stale statistics scan the outbox)
         and ${of('o', outbox.recipientId)} = x.recipient_id and ${of('o', outbox.connectorId)} = ${c.id} and ${of('o', outbox.state)} = 'queued'
      returning ${of('o', outbox.recipientId)}, ${of('o', outbox.dispatchId)},
        exists (select 1 from ${carrierParts} p where ${of('p', carrierParts.recipientId)} = ${of('o', outbox.recipientId)} and ${of('p', carrierParts.connectorId)} = ${of('o', outbox.connectorId)}
                   and ${inIdRange(sql`${of('p', carrierParts.recipientId)}`, sentIds)} and ${of('p', carrierParts.stat)} is not null) as has_receipt,
        coalesce(x.first_id, (select ${of('p', carrierParts.carrierMessageId)} from ${carrierParts} p
                               where ${of('p', carrierParts.recipientId)} = ${of('o', outbox.recipientId)} and ${of('p', carrierParts.connectorId)} = ${of('o', outbox.connectorId)}
                                 and ${inIdRange(sql`${of('p', carrierParts.recipientId)}`, sentIds)}
                               order by ${of('p', carrierParts.partNo)} limit 1)) as first_id`);
    for (const r of sent) (reportFor(reports, r.dispatch_id).accepted ??= []).push({ recipientId: Number(r.recipient_id), carrier: c.name, carrierMessageId: r.first_id ?? null });

    // (a statement only for the kinds present: each is a round trip inside the transaction)
    const retried = !ids('retry').length ? [] : await tx.execute<{ recipient_id: number; connector_id: string }>(sql`
      update ${outbox} o set ${NEXT_ON_ROUTE}, ${name(outbox.claimedBy)} = null, ${name(outbox.claimedAt)} = null
       where ${of('o', outbox.recipientId)} = any(${arrayLiteral(ids('retry'))}::bigint[]) and ${of('o', outbox.connectorId)} = ${c.id} and ${of('o', outbox.state)} = 'queued'
      returning ${of('o', outbox.recipientId)}, ${of('o', outbox.connectorId)}`);
    const movedAway = retried.filter((r) => r.connector_id !== c.id).map((r) => Number(r.recipient_id));
    if (movedAway.length) {
      // The next connector gets the whole message again: parts this one accepted are forgotten.
      await tx.execute(sql`delete from ${carrierParts} where ${carrierParts.connectorId} = ${c.id} and ${carrierParts.recipientId} = any(${arrayLiteral(movedAway)}::bigint[])
                             and ${inIdRange(sql`${carrierParts.recipientId}`, movedAway)}`);
    }

    const failedRows = !ids('fail').length ? [] : await tx.execute<{ recipient_id: number; dispatch_id: string }>(sql`
      delete from ${outbox} where ${outbox.recipientId} = any(${arrayLiteral(ids('fail'))}::bigint[]) and ${outbox.connectorId} = ${c.id} and ${outbox.state} = 'queued'
      returning ${name(outbox.recipientId)}, ${name(outbox.dispatchId)}`);
    const statusOf = new Map(outcomes.flatMap((o) => (o.kind === 'fail' ? [[o.recipientId, o.status] as const] : [])));
    for (const r of failedRows) {
      (reportFor(reports, r.dispatch_id).refused ??= []).push({ recipientId: Number(r.recipient_id), carrier: c.name, failure: smppFailure(statusOf.get(Number(r.recipient_id))!) });
    }

    if (ids('release').length) await tx.execute(sql`
      update ${outbox} set ${name(outbox.claimedBy)} = null, ${name(outbox.claimedAt)} = null
       where ${outbox.recipientId} = any(${arrayLiteral(ids('release'))}::bigint[]) and ${outbox.connectorId} = ${c.id} and ${outbox.state} = 'queued'
         ${c.token ? sql`and ${outbox.claimedBy} = ${c.token}` : sql``}`);

    // Receipts onto parts (this batch's, and earlier ones still waiting for a part of this batch when the caller
    // knows some may be), then the recipients that are now decided: those whose parts just took a receipt, and those
    // that just became sent with a part that took its receipt in an earlier batch.
    const matched = scope ? await matchReceipts(tx, scope, receiptIds, opts.receiptsMayWait ? keyed.map((p) => p.key) : []) : { recipients: [], applied: [] };
    const judged = new Set(matched.recipients);
    for (const r of sent) if (r.has_receipt) judged.add(Number(r.recipient_id));
    await judgeRecipients(tx, [...judged], reports);
    await applyCarrierReports(tx, dispatches, reports, now);
    const ours = new Set(receiptIds);
    const waiting = receiptIds.length - matched.applied.filter((id) => ours.has(id)).length - nonFinal(receipts);
    // MO last (their events come after the refunds' locks), in a savepoint: an MO that cannot be stored is left
    // unanswered without holding up the receipts and answers of the batch.
    let moFailure: unknown = null;
    if (mos.length) {
      try {
        await tx.transaction((sp) => recordMos(sp, c, mos, now));
      } catch (e) {
        moFailure = e;
      }
    }
    return { waiting, moFailure };
  });
}

const nonFinal = (receipts: ParsedReceipt[]) => receipts.filter((r) => !isFinal(r.stat)).length;
