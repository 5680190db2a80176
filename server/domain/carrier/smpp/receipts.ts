import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import type { Receipt } from '@/server/domain/carrier/connector';
import { applyReceipts, loadDispatch } from '@/server/domain/delivery/carrier-steps';
import { inTransaction } from '@/server/lib/after-commit';
import { carrierReceipts } from '@/server/metrics/registry';
import { groupBy } from './outbox';
import { ids64, textArray } from './sql-arrays';

/** message_state TLV values (SMPP 3.4 5.2.28) as receipt `stat:` words. */
const STATES: Record<number, string> = { 1: 'ENROUTE', 2: 'DELIVRD', 3: 'EXPIRED', 4: 'DELETED', 5: 'UNDELIV', 6: 'ACCEPTD', 7: 'UNKNOWN', 8: 'REJECTD' };
export const FINAL_FAILURES = ['UNDELIV', 'REJECTD', 'EXPIRED', 'DELETED', 'UNKNOWN'];
const FINAL = new Set(['DELIVRD', ...FINAL_FAILURES]);
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

/**
 * The forms a receipt's message id may have taken at the SMSC. Many SMSCs answer submit_sm_resp with one base and
 * write the receipt in the other (hexadecimal in one, decimal in the other: Kannel's `msg-id-type` exists for this),
 * some pad with zeros or change the case. Tried in this order; the exact form first.
 */
export function receiptIdForms(id: string): string[] {
  const forms = [id];
  const trimmed = id.replace(/^0+(?=.)/, '');
  if (/^[0-9]{1,20}$/.test(id)) {
    const n = BigInt(id);
    if (n < 1n << 64n) forms.push(n.toString(16), n.toString(16).toUpperCase());
  }
  if (/^[0-9a-f]{1,16}$/i.test(id)) forms.push(BigInt(`0x${id}`).toString(10));
  forms.push(trimmed, id.toLowerCase(), id.toUpperCase());
  return [...new Set(forms)];
}

/**
 * Stored before deliver_sm_resp (D14), a batch in one statement. A receipt that is not final (ENROUTE, ACCEPTD) is
 * kept but never applied. The id is stored in the form the SMSC gave in submit_sm_resp when an accepted part has one
 * of its other forms (same statement: the unique index of carrier_parts answers it); otherwise as received, and the
 * sweep tries the other forms again later (`adoptIdForms`: the part may not be recorded yet).
 */
export async function storeReceipts(db: Db, connectorId: string, receipts: ParsedReceipt[], connectorName = connectorId): Promise<void> {
  if (!receipts.length) return;
  const rows = receipts.map((r) => {
    const forms = receiptIdForms(r.messageId);
    return { id: r.messageId, forms: forms.length > 1 ? forms : null, stat: r.stat, err: r.err, final: FINAL.has(r.stat) };
  });
  await db.execute(sql`
    insert into carrier_receipts (connector_id, carrier_message_id, stat, err, applied_at)
    select ${connectorId},
           case when x.forms is null then x.id
                else coalesce((select p.carrier_message_id from carrier_parts p
                                where p.connector_id = ${connectorId} and p.carrier_message_id = any(x.forms)
                                order by array_position(x.forms, p.carrier_message_id) limit 1), x.id) end,
           x.stat, x.err, case when x.final then null else now() end
      from json_to_recordset(${JSON.stringify(rows)}::json) as x(id text, forms text[], stat text, err text, final boolean)`);
  for (const r of receipts) carrierReceipts.inc({ connector: connectorName, stat: KNOWN_STATS.has(r.stat) ? r.stat : 'other' });
}

/**
 * Unmatched receipts (older than a second, younger than 10 minutes) whose id matches no part take the form of the
 * part that has one of their other forms: the SQL twin of receiptIdForms, within bigint (18 decimal digits, 15
 * hexadecimal). For a receipt stored before its submit_sm_resp was recorded; the sweep runs it every second.
 */
export async function adoptIdForms(db: Db): Promise<number> {
  const rows = await db.execute(sql`
    with pending as (
      select r.id, r.connector_id, r.carrier_message_id as cid
        from carrier_receipts r
       where r.applied_at is null and r.received_at > now() - interval '10 minutes' and r.received_at < now() - interval '1 second'
         and not exists (select 1 from carrier_parts x where x.connector_id = r.connector_id and x.carrier_message_id = r.carrier_message_id)
       limit 1000
    ), found as (
      select distinct on (pending.id) pending.id, p.carrier_message_id
        from pending join carrier_parts p on p.connector_id = pending.connector_id and p.carrier_message_id = any(array[
          case when pending.cid ~ '^[0-9]{1,18}$' then to_hex(pending.cid::bigint) end,
          case when pending.cid ~ '^[0-9]{1,18}$' then upper(to_hex(pending.cid::bigint)) end,
          case when pending.cid ~* '^[0-9a-f]{1,15}$' then (('x' || lpad(pending.cid, 16, '0'))::bit(64)::bigint)::text end,
          ltrim(pending.cid, '0'), lower(pending.cid), upper(pending.cid)])
    )
    update carrier_receipts r set carrier_message_id = found.carrier_message_id from found where r.id = found.id returning 1`);
  return rows.length;
}

/**
 * Matches stored receipts to accepted parts by connector + message id (a receipt that arrives after a restart
 * matches at once: the parts are in Postgres; one that arrives before its submit_sm_resp was recorded is tried again
 * by every sweep for 10 minutes, then stays stored unmatched), then moves `sent` recipients: DELIVRD on every
 * part -> delivered; a failure on any part -> failed `DLR_<STAT>` with the receipt's err in error_message.
 */
export async function applyStoredReceipts(db: Db, now: Date, justSent: number[] = []): Promise<number> {
  const matched = await db.execute<{ recipient_id: number }>(sql`
    with m as (
      select r.id as receipt_id, p.recipient_id, p.connector_id, p.part_no, r.stat, r.err
        from carrier_receipts r join carrier_parts p on p.connector_id = r.connector_id and p.carrier_message_id = r.carrier_message_id
       where r.applied_at is null and r.received_at > now() - interval '10 minutes'
       order by r.id limit 5000
       for update of r skip locked
    ), parts as (
      update carrier_parts p set stat = m.stat, err = m.err from m
       where p.recipient_id = m.recipient_id and p.connector_id = m.connector_id and p.part_no = m.part_no
      returning p.recipient_id
    ), marked as (
      update carrier_receipts r set applied_at = now() from m where r.id = m.receipt_id returning 1
    )
    select distinct recipient_id from parts`);
  // (a part's receipt may have been applied while another part was still unanswered: judge those once `sent`)
  const affected = [...new Set([...matched.map((m) => Number(m.recipient_id)), ...justSent])];
  if (!affected.length) return 0;
  const verdicts = await db.execute<{ recipient_id: number; dispatch_id: string; delivered: boolean; fail_stat: string | null; fail_err: string | null }>(sql`
    select o.recipient_id, o.dispatch_id,
           count(*) filter (where p.stat = 'DELIVRD') = max(p.parts_total) as delivered,
           (array_agg(p.stat order by p.part_no) filter (where p.stat = any(${textArray(FINAL_FAILURES)})))[1] as fail_stat,
           (array_agg(p.err order by p.part_no) filter (where p.stat = any(${textArray(FINAL_FAILURES)})))[1] as fail_err
      from carrier_outbox o join carrier_parts p on p.recipient_id = o.recipient_id and p.connector_id = o.connector_id
     where o.state = 'sent' and o.recipient_id = any(${ids64(affected)})
     group by o.recipient_id, o.dispatch_id`);
  const decided = verdicts.filter((v) => v.fail_stat || v.delivered);
  for (const [dispatchId, rows] of groupBy(decided, (v) => v.dispatch_id)) {
    await inTransaction(db, async (tx) => {
      const d = await loadDispatch(tx, dispatchId);
      const gone = await tx.execute<{ recipient_id: number }>(sql`
        delete from carrier_outbox where state = 'sent' and recipient_id = any(${ids64(rows.map((r) => Number(r.recipient_id)))}) returning recipient_id`);
      if (!d) return;
      const still = new Set(gone.map((g) => Number(g.recipient_id)));
      const receipts: Receipt[] = rows
        .filter((r) => still.has(Number(r.recipient_id)))
        .map((r) =>
          r.fail_stat
            ? { recipientId: Number(r.recipient_id), delivered: false, errorCode: `DLR_${r.fail_stat}`, errorMessage: r.fail_err ?? r.fail_stat, retryable: RETRYABLE_DLR.has(r.fail_stat) }
            : { recipientId: Number(r.recipient_id), delivered: true },
        );
      await applyReceipts(tx, d, receipts, now);
    });
  }
  return decided.length;
}
