import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { carrierReceipts, connectors } from '@/db/schema';
import { of } from '@/server/lib/sql-names';
import { RECEIPT_WAIT } from './receipts';

/**
 * Per connector: final receipts of the last 24 hours that matched no part and no longer wait for one (older than
 * RECEIPT_WAIT). They are kept and never applied to another part (D14); a count that grows says the connector's
 * receipt_id_format does not fit its SMSC (or the SMSC repeats receipts).
 */
export function unmatchedReceipts(db: DbOrTx): Promise<Array<{ connector_id: string; name: string; n: number }>> {
  return db.execute<{ connector_id: string; name: string; n: number }>(sql`
    select ${of('r', carrierReceipts.connectorId)}, ${of('c', connectors.name)}, count(*)::int as n
      from ${carrierReceipts} r join ${connectors} c on ${of('c', connectors.id)} = ${of('r', carrierReceipts.connectorId)}
     where ${of('r', carrierReceipts.appliedAt)} is null and ${of('r', carrierReceipts.receivedAt)} > now() - interval '24 hours'
       and ${of('r', carrierReceipts.receivedAt)} <= now() - ${RECEIPT_WAIT}
     group by ${of('r', carrierReceipts.connectorId)}, ${of('c', connectors.name)}`);
}
