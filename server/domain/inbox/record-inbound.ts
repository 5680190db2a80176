import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { inboxConversations as conversations } from '@/db/schema';
import { name, of } from '@/server/lib/sql-names';

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
    insert into ${conversations} as c (${name(conversations.organizationId)}, ${name(conversations.phone)}, ${name(conversations.lastInboundAt)}, ${name(conversations.lastActivityAt)})
    select x.o, x.p, max(x.at), max(x.at)
      from json_to_recordset(${rows}::json) as x(o text, p text, at timestamptz)
     group by x.o, x.p
     order by x.o, x.p
    on conflict (${name(conversations.organizationId)}, ${name(conversations.phone)}) do update
       set ${name(conversations.lastInboundAt)} = greatest(${of('c', conversations.lastInboundAt)}, ${of('excluded', conversations.lastInboundAt)}),
           ${name(conversations.lastActivityAt)} = greatest(${of('c', conversations.lastActivityAt)}, ${of('excluded', conversations.lastActivityAt)})`);
}
