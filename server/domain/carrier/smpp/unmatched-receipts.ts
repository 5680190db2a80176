import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { RECEIPT_WAIT } from './receipts';

/**
 * Per connector: final receipts of the last 24 hours that matched no part and no longer wait for one (older than
 * RECEIPT_WAIT). They are kept and never applied to another part (D14); a count that grows says the connector's
 * receipt_id_format does not fit its SMSC (or the SMSC repeats receipts).
 */
export function unmatchedReceipts(db: DbOrTx): Promise<Array<{ connector_id: string; name: string; n: number }>> {
  return db.execute<{ connector_id: string; name: string; n: number }>(sql`
    select r.connector_id, c.name, count(*)::int as n from carrier_receipts r join connectors c on c.id = r.connector_id
     where r.applied_at is null and r.received_at > now() - interval '24 hours' and r.received_at <= now() - ${RECEIPT_WAIT}
     group by r.connector_id, c.name`);
}
