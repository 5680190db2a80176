import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { inboxConversations as conversations } from '@/db/schema';
import { name, of } from '@/server/lib/sql-names';

export type RoutedInbound = { organizationId: string; phone: string; receivedAt: Date };

/**
 * D18 Inbox: the conversations of routed MO, in the transaction that stores them. A conversation starts with its
 * phone's first MO (its created_at); a later one moves its last MO and its activity forward (never back) and adds to
 * its unread count each MO received after its read_through (all of them, unless a member was shown a later MO before
 * this batch committed: then they are counted one by one). One statement for a batch of MO, rows taken in key order so
 * that two batches from different connectors never wait on each other in a cycle.
 */
export async function recordInboundConversations(tx: DbOrTx, mos: RoutedInbound[]): Promise<void> {
  if (!mos.length) return;
  const rows = JSON.stringify(mos.map((m) => ({ o: m.organizationId, p: m.phone, at: m.receivedAt.toISOString() })));
  const c = conversations;
  // excluded: the batch's MO of the conversation, created_at the first one's receipt
  await tx.execute(sql`
    with x as (select * from json_to_recordset(${rows}::json) as x(o text, p text, at timestamptz))
    insert into ${c} as c (${name(c.organizationId)}, ${name(c.phone)}, ${name(c.lastInboundAt)}, ${name(c.lastActivityAt)}, ${name(c.unreadCount)}, ${name(c.createdAt)})
    select x.o, x.p, max(x.at), max(x.at), count(*)::int, min(x.at)
      from x
     group by x.o, x.p
     order by x.o, x.p
    on conflict (${name(c.organizationId)}, ${name(c.phone)}) do update
       set ${name(c.lastInboundAt)} = greatest(${of('c', c.lastInboundAt)}, ${of('excluded', c.lastInboundAt)}),
           ${name(c.lastActivityAt)} = greatest(${of('c', c.lastActivityAt)}, ${of('excluded', c.lastActivityAt)}),
           ${name(c.unreadCount)} = ${of('c', c.unreadCount)} + case
             when ${of('excluded', c.createdAt)} > coalesce(${of('c', c.readThrough)}, '-infinity'::timestamptz) then ${of('excluded', c.unreadCount)}
             else (select count(*)::int from x where x.o = ${of('c', c.organizationId)} and x.p = ${of('c', c.phone)} and x.at > coalesce(${of('c', c.readThrough)}, '-infinity'::timestamptz))
           end`);
}
