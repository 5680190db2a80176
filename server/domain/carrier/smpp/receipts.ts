import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { carrierOutbox as outbox, carrierParts, carrierReceipts as receiptsTable, type ReceiptIdFormat } from '@/db/schema';
import type { Receipt } from '@/server/domain/carrier/connector';
import { reportFor, type CarrierReport } from '@/server/domain/delivery/carrier-port';
import { blockStartOfId, inIdRange } from '@/server/domain/delivery/recipient-blocks';
import { afterCommit } from '@/server/lib/after-commit';
import { carrierReceipts } from '@/server/metrics/registry';
import { receiptKey } from '@/server/smpp/client/receipt-ids';
import { arrayLiteral } from '@/server/lib/sql-arrays';
import { name, of } from '@/server/lib/sql-names';

/** message_state TLV values (SMPP 3.4 5.2.28) as receipt `stat:` words. */
const STATES: Record<number, string> = { 1: 'ENROUTE', 2: 'DELIVRD', 3: 'EXPIRED', 4: 'DELETED', 5: 'UNDELIV', 6: 'ACCEPTD', 7: 'UNKNOWN', 8: 'REJECTD' };
export const FINAL_FAILURES = ['UNDELIV', 'REJECTD', 'EXPIRED', 'DELETED', 'UNKNOWN'];
const FINAL = new Set(['DELIVRD', ...FINAL_FAILURES]);
export const isFinal = (stat: string) => FINAL.has(stat);
/** The `stat` label of sms_carrier_receipts_total: the words of SMPP 3.4, anything else `other` (a bounded label). */
const KNOWN_STATS = new Set(Object.values(STATES));
/** Worth sending again later (the merchant decides): the handset may come back. */
const RETRYABLE_DLR = new Set(['UNDELIV', 'EXPIRED', 'UNKNOWN']);

export type ParsedReceipt = { messageId: string; stat: string; err: string | null };

function text(v: unknown): string {
  if (Buffer.isBuffer(v)) return v.toString('latin1');
  if (v && typeof v === 'object' && 'message' in v) return text((v as { message: unknown }).message);
  return typeof v === 'string' ? v : '';
}

/**
 * A deliver_sm that is a delivery receipt (esm_class message type 0x04): the TLVs receipted_message_id and
 * message_state when present, else the text `id:... stat:... err:...` of SMPP 3.4 Appendix B. Null otherwise.
 */
export function parseReceipt(pdu: Record<string, unknown>): ParsedReceipt | null {
  if ((Number(pdu.esm_class) & 0x3c) !== 0x04) return null;
  const body = text(pdu.short_message) || text(pdu.message_payload);
  const err = /\berr:(\w+)/i.exec(body)?.[1] ?? null;
  const tlvId = typeof pdu.receipted_message_id === 'string' ? pdu.receipted_message_id : null;
  const tlvState = typeof pdu.message_state === 'number' ? STATES[pdu.message_state] : undefined;
  const messageId = tlvId ?? /\bid:(\S+)/i.exec(body)?.[1] ?? null;
  const stat = tlvState ?? /\bstat:(\w+)/i.exec(body)?.[1]?.toUpperCase() ?? null;
  if (!messageId || !stat) return null;
  return { messageId, stat, err };
}

/** How long a receipt waits for its part to be recorded (it may overtake its submit_sm_resp); then it is unmatched. */
export const RECEIPT_WAIT = sql.raw(`interval '2 minutes'`);

/** Inserts a batch of receipts (one statement); those that are not final are stored applied (they move nothing). */
export async function insertReceipts(tx: DbOrTx, c: { id: string; name: string; receiptIdFormat: ReceiptIdFormat }, receipts: ParsedReceipt[]): Promise<number[]> {
  if (!receipts.length) return [];
  const rows = receipts.map((r) => ({ id: r.messageId, key: receiptKey(r.messageId, c.receiptIdFormat), stat: r.stat, err: r.err, final: FINAL.has(r.stat) }));
  const inserted = await tx.execute<{ id: number }>(sql`
    insert into ${receiptsTable} (${name(receiptsTable.connectorId)}, ${name(receiptsTable.carrierMessageId)}, ${name(receiptsTable.receiptKey)}, ${name(receiptsTable.stat)}, ${name(receiptsTable.err)}, ${name(receiptsTable.appliedAt)})
    select ${c.id}, x.id, x.key, x.stat, x.err, case when x.final then null else now() end
      from json_to_recordset(${JSON.stringify(rows)}::json) as x(id text, key text, stat text, err text, final boolean)
    returning ${name(receiptsTable.id)}`);
  afterCommit(tx, () => {
    for (const r of receipts) carrierReceipts.inc({ connector: c.name, stat: KNOWN_STATS.has(r.stat) ? r.stat : 'other' });
  });
  return inserted.map((r) => Number(r.id));
}

/**
 * Where a connector's receipts can find their parts: the parts it still waits on, those whose recipient is in its
 * outbox (queued with parts accepted, or sent). A part whose recipient left it (decided, expired, failed) takes no
 * receipt any more: a late one is kept unmatched, as a repeated one is. `lowest` (the outbox's lowest recipient id
 * of the connector, null when it has none) and `since` (a day before now: receipts are matched within RECEIPT_WAIT
 * of their arrival) are given to the statements as parameters, so that the partitions of carrier_parts below the
 * lowest recipient's id block and carrier_receipts' older months are pruned when the statement is planned (D24):
 * planning every month's partition of both tables, four times over, cost a receipt batch 3.9 ms against 0.9 at 200,000
 * stored recipients, more than running it. Read once per transaction, before its statements.
 */
export type WaitingScope = { connectorId: string; lowest: number | null; since: Date };

export async function waitingScope(tx: DbOrTx, connectorId: string, now: Date): Promise<WaitingScope> {
  const [r] = await tx.execute<{ lowest: number | null }>(sql`
    select min(${outbox.recipientId})::float8 as lowest from ${outbox} where ${outbox.connectorId} = ${connectorId}`);
  // (the earlier of `now` and this clock: a caller's `now` may run ahead of the database's)
  return { connectorId, lowest: r?.lowest ?? null, since: new Date(Math.min(now.getTime(), Date.now()) - 86_400_000) };
}

/**
 * The part `p` is in the partitions of a `scope`'s waiting parts: from the block of its lowest recipient (D24), not
 * from that id itself. Either prunes the same partitions when the statement is planned; but with the lowest id, which
 * is newer than any the statistics saw, the planner took `recipient_id >= lowest` for a range of a few rows and read
 * the connector's waiting parts through the primary key, filtering them by receipt key (thousands of rows a receipt
 * during a campaign); from the block's start the range is the whole partition and the receipt key's index is the
 * cheaper path (tests/carrier/stale-statistics.int.test.ts).
 */
function inWaitingBlocks(scope: WaitingScope) {
  // (no outbox row: the connector waits on no part)
  if (scope.lowest === null) return sql`false`;
  return sql`${of('p', carrierParts.recipientId)} >= ${blockStartOfId(scope.lowest)}::bigint`;
}

/** The part `p` is one `scope`'s connector still waits on (`offset 0`: a probe of the outbox's key per part; as a semi-join the planner may drive the lookup from the connector's whole outbox). */
function waitedOn(scope: WaitingScope) {
  return sql`${inWaitingBlocks(scope)}
    and exists (select 1 from ${outbox} w where ${of('w', outbox.recipientId)} = ${of('p', carrierParts.recipientId)} and ${of('w', outbox.connectorId)} = ${scope.connectorId} offset 0)`;
}

/**
 * Applies waiting receipts to the parts they name, in the caller's transaction: the receipts `receiptIds`, and those
 * still waiting (younger than RECEIPT_WAIT) whose key is one of `partKeys` (parts just recorded). A receipt matches
 * exactly one part: the newest part of the connector with its key that has no receipt yet and that the connector
 * still waits on (waitedOn). The part takes its stat
 * and the receipt is marked applied in the same statement. Returns the recipients whose parts changed and the
 * receipts applied.
 */
export async function matchReceipts(tx: DbOrTx, scope: WaitingScope, receiptIds: number[], partKeys: string[]): Promise<{ recipients: number[]; applied: number[] }> {
  if ((!receiptIds.length && !partKeys.length) || scope.lowest === null) return { recipients: [], applied: [] };
  const { connectorId, since } = scope;
  const rows = await tx.execute<{ recipient_id: number; receipt_id: number }>(sql`
    with rs as (
      select ${receiptsTable.id}, ${receiptsTable.receiptKey}, ${receiptsTable.stat}, ${receiptsTable.err} from ${receiptsTable} where ${receiptsTable.id} = any(${arrayLiteral(receiptIds)}::bigint[]) and ${receiptsTable.appliedAt} is null
         and ${receiptsTable.receivedAt} >= ${since.toISOString()}::timestamptz
      union
      select ${receiptsTable.id}, ${receiptsTable.receiptKey}, ${receiptsTable.stat}, ${receiptsTable.err} from ${receiptsTable}
       where ${receiptsTable.connectorId} = ${connectorId} and ${receiptsTable.receiptKey} = any(${arrayLiteral(partKeys)}::text[]) and ${receiptsTable.appliedAt} is null
         and ${receiptsTable.receivedAt} > now() - ${RECEIPT_WAIT} and ${receiptsTable.receivedAt} >= ${since.toISOString()}::timestamptz
    ), cand as (
      -- one receipt per part (a part named twice in one batch takes the first)
      select distinct on (${of('p', carrierParts.recipientId)}, ${of('p', carrierParts.partNo)}) rs.id as receipt_id, ${of('p', carrierParts.recipientId)}, ${of('p', carrierParts.connectorId)},
             ${of('p', carrierParts.partNo)}, rs.stat, rs.err
        from rs cross join lateral (
          select ${of('p', carrierParts.recipientId)}, ${of('p', carrierParts.connectorId)}, ${of('p', carrierParts.partNo)} from ${carrierParts} p
           where ${of('p', carrierParts.connectorId)} = ${connectorId} and ${of('p', carrierParts.receiptKey)} = rs.receipt_key and ${of('p', carrierParts.stat)} is null
             and ${waitedOn(scope)}
           order by ${of('p', carrierParts.acceptedAt)} desc, ${of('p', carrierParts.recipientId)} desc limit 1) p
       order by ${of('p', carrierParts.recipientId)}, ${of('p', carrierParts.partNo)}, rs.id
    ), upd as (
      -- (each part by its whole key from cand, the connector's included: with the connector as a constant here, stale
      -- statistics led the planner to scan every waiting part of the connector through the receipt index)
      update ${carrierParts} p set ${name(carrierParts.stat)} = cand.stat, ${name(carrierParts.err)} = cand.err from cand
       where ${of('p', carrierParts.recipientId)} = cand.recipient_id and ${of('p', carrierParts.connectorId)} = cand.connector_id and ${of('p', carrierParts.partNo)} = cand.part_no
         and ${of('p', carrierParts.stat)} is null and ${of('p', carrierParts.recipientId)} >= ${scope.lowest}::bigint
      returning ${of('p', carrierParts.recipientId)}, cand.receipt_id
    ), marked as (
      update ${receiptsTable} r set ${name(receiptsTable.appliedAt)} = now() from upd
       where ${of('r', receiptsTable.id)} = upd.receipt_id and ${of('r', receiptsTable.receivedAt)} >= ${since.toISOString()}::timestamptz
    )
    select recipient_id, receipt_id from upd`);
  return { recipients: [...new Set(rows.map((r) => Number(r.recipient_id)))], applied: rows.map((r) => Number(r.receipt_id)) };
}

/**
 * The dispatches of the recipients whose waiting parts have one of these keys (to lock them before matching): those
 * the connector still waits on (WaitingScope), their dispatch read from the outbox row (no read of the recipients).
 */
export function dispatchesOfWaitingParts(scope: WaitingScope, keys: string[]) {
  const { connectorId } = scope;
  // key by key: each an index probe of carrier_parts_receipt_idx whatever the table's statistics say (`offset 0`
  // keeps the LATERAL subquery from being flattened into a join that may scan every waiting part of the connector)
  return sql`select ${of('w', outbox.dispatchId)} from unnest(${arrayLiteral(keys)}::text[]) as k(key)
               cross join lateral (select ${of('p', carrierParts.recipientId)} from ${carrierParts} p
                                    where ${of('p', carrierParts.connectorId)} = ${connectorId} and ${of('p', carrierParts.receiptKey)} = k.key and ${of('p', carrierParts.stat)} is null
                                      and ${inWaitingBlocks(scope)} offset 0) p
               join ${outbox} w on ${of('w', outbox.recipientId)} = ${of('p', carrierParts.recipientId)} and ${of('w', outbox.connectorId)} = ${connectorId}`;
}

/**
 * The `sent` recipients among `recipientIds` whose parts decide them, as receipts added to `reports` by dispatch
 * (applyCarrierReports moves them): DELIVRD on every part -> delivered; a failure on any part -> failed `DLR_<STAT>`
 * with the receipt's err in error_message. Their outbox rows go in the same statement.
 */
export async function judgeRecipients(tx: DbOrTx, recipientIds: number[], reports: Map<string, CarrierReport>): Promise<void> {
  if (!recipientIds.length) return;
  const decided = await tx.execute<{ recipient_id: number; dispatch_id: string; fail_stat: string | null; fail_err: string | null }>(sql`
    with v as (
      select ${of('o', outbox.recipientId)}, ${of('o', outbox.dispatchId)},
             count(*) filter (where ${of('p', carrierParts.stat)} = 'DELIVRD') = max(${of('p', carrierParts.partsTotal)}) as delivered,
             (array_agg(${of('p', carrierParts.stat)} order by ${of('p', carrierParts.partNo)}) filter (where ${of('p', carrierParts.stat)} = any(${arrayLiteral(FINAL_FAILURES)}::text[])))[1] as fail_stat,
             (array_agg(${of('p', carrierParts.err)} order by ${of('p', carrierParts.partNo)}) filter (where ${of('p', carrierParts.stat)} = any(${arrayLiteral(FINAL_FAILURES)}::text[])))[1] as fail_err
        from ${outbox} o join ${carrierParts} p on ${of('p', carrierParts.recipientId)} = ${of('o', outbox.recipientId)} and ${of('p', carrierParts.connectorId)} = ${of('o', outbox.connectorId)}
       where ${of('o', outbox.state)} = 'sent' and ${of('o', outbox.recipientId)} = any(${arrayLiteral(recipientIds)}::bigint[])
         and ${inIdRange(sql`${of('p', carrierParts.recipientId)}`, recipientIds)}
       group by ${of('o', outbox.recipientId)}, ${of('o', outbox.dispatchId)}
    ), gone as (
      delete from ${outbox} o using v where ${of('o', outbox.recipientId)} = v.recipient_id and ${of('o', outbox.state)} = 'sent' and (v.delivered or v.fail_stat is not null)
      returning ${of('o', outbox.recipientId)}
    )
    select v.recipient_id, v.dispatch_id, v.fail_stat, v.fail_err from v join gone using (recipient_id)`);
  for (const r of decided) {
    const receipt: Receipt = r.fail_stat
      ? { recipientId: Number(r.recipient_id), delivered: false, errorCode: `DLR_${r.fail_stat}`, errorMessage: r.fail_err ?? r.fail_stat, retryable: RETRYABLE_DLR.has(r.fail_stat) }
      : { recipientId: Number(r.recipient_id), delivered: true };
    (reportFor(reports, r.dispatch_id).receipts ??= []).push(receipt);
  }
}
