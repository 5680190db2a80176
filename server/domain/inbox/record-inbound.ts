import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';

export type RoutedInbound = { organizationId: string; phone: string; receivedAt: Date };

/**
 * D18 Inbox: the conversations of routed MO, in the transaction that stores them. A conversation starts with its
 * phone's first MO; a later one moves its last MO and its activity forward (never back). One statement for a batch
 * of MO, rows taken in key order so that two batches from different connectors never wait on each other in a cycle.
 */
export async function recordInboundConversations(tx: DbOrTx, mos: RoutedInbound[]): Promise<void> {
  if (!mos.length) return;
  const rows = JSON.stringify(mos.map((m) => ({ o: m.organizationId, p: m.phone, at: m.receivedAt.toISOString() })));
  await tx.execute(sql`
    insert into inbox_conversations as c (organization_id, phone, last_inbound_at, last_activity_at)
    select x.o, x.p, max(x.at), max(x.at)
      from json_to_recordset(${rows}::json) as x(o text, p text, at timestamptz)
     group by x.o, x.p
     order by x.o, x.p
    on conflict (organization_id, phone) do update
       set last_inbound_at = greatest(c.last_inbound_at, excluded.last_inbound_at),
           last_activity_at = greatest(c.last_activity_at, excluded.last_activity_at)`);
}
