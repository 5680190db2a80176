import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { carrierParts, carrierReceipts, type ReceiptIdFormat } from '@/db/schema';
import { name, of } from '@/server/lib/sql-names';
import { partKey, receiptKey } from '@/server/smpp/client/receipt-ids';
import { applyCarrierReports, lockDispatches, type CarrierReport } from '@/server/domain/delivery/carrier-port';
import { dispatchesOfWaitingParts, judgeRecipients, matchReceipts, RECEIPT_WAIT, waitingScope } from './receipts';

/**
 * A connector's receipt_id_format changed: its parts still waiting for a receipt, and its receipts still waiting for
 * a part, are keyed again by the new rule and matched (in the caller's transaction), so the change applies to
 * messages already sent and to the receipts that came for them, not only to later ones.
 */
export async function rekeyWaiting(tx: DbOrTx, connectorId: string, format: ReceiptIdFormat, now: Date): Promise<void> {
  const parts = await tx.execute<{ id: string }>(sql`
    select distinct ${carrierParts.carrierMessageId} as id from ${carrierParts} where ${carrierParts.connectorId} = ${connectorId} and ${carrierParts.stat} is null`);
  if (parts.length) {
    const keys = JSON.stringify(parts.map((p) => ({ id: p.id, key: partKey(p.id, format) })));
    await tx.execute(sql`
      update ${carrierParts} p set ${name(carrierParts.receiptKey)} = x.key from json_to_recordset(${keys}::json) as x(id text, key text)
       where ${of('p', carrierParts.connectorId)} = ${connectorId} and ${of('p', carrierParts.stat)} is null and ${of('p', carrierParts.carrierMessageId)} = x.id`);
  }
  const receipts = await tx.execute<{ id: number; message_id: string }>(sql`
    select ${carrierReceipts.id}, ${carrierReceipts.carrierMessageId} as message_id from ${carrierReceipts}
     where ${carrierReceipts.connectorId} = ${connectorId} and ${carrierReceipts.appliedAt} is null and ${carrierReceipts.receivedAt} > now() - ${RECEIPT_WAIT}`);
  if (!receipts.length) return;
  const rows = receipts.map((r) => ({ id: Number(r.id), key: receiptKey(r.message_id, format) }));
  await tx.execute(sql`
    update ${carrierReceipts} r set ${name(carrierReceipts.receiptKey)} = x.key from json_to_recordset(${JSON.stringify(rows)}::json) as x(id bigint, key text)
     where ${of('r', carrierReceipts.id)} = x.id`);
  const scope = await waitingScope(tx, connectorId, now);
  const dispatches = await lockDispatches(tx, [], dispatchesOfWaitingParts(scope, rows.map((r) => r.key)));
  const matched = await matchReceipts(tx, scope, rows.map((r) => r.id), []);
  const reports = new Map<string, CarrierReport>();
  await judgeRecipients(tx, matched.recipients, reports);
  await applyCarrierReports(tx, dispatches, reports, now);
}
