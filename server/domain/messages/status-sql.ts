import { sql, type SQL } from 'drizzle-orm';
import { messages } from '@/db/schema';

/**
 * The aggregate status of D5 as a SQL expression over a `messages` row, so the
 * history can filter on it with keyset pagination. It must agree with
 * toMessageStatus (get-status.ts) for every row; status-sql.int.test.ts checks
 * that for every status.
 */
export function aggregateStatusSql(): SQL<string> {
  const pending = sql`(${messages.totalRecipients} * ${messages.dispatchesTotal} - ${messages.delivered} - ${messages.failed} - ${messages.cancelled})`;
  return sql<string>`(case
    when ${messages.controlState} = 'cancelled' then 'cancelled'
    when ${messages.controlState} = 'paused' then 'paused'
    when ${pending} > 0 then (case when ${messages.pickedUp} = 0 then 'pending' else 'processing' end)
    when ${messages.delivered} = 0 and ${messages.failed} = 0 then 'cancelled'
    when ${messages.failed} = 0 then 'delivered'
    when ${messages.delivered} = 0 then 'failed'
    else 'partially_delivered' end)`;
}
