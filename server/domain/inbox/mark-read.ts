import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { inboundMessages, inboxConversations as conversations } from '@/db/schema';
import { name, of } from '@/server/lib/sql-names';
import { MAX_UNREAD_COUNTED, type MarkReadResult } from '@/shared/contracts/inbox';
import { ApiError } from '@/shared/errors/api-error';

/**
 * D18 Inbox: a member opened the conversation and was shown its MO up to `through` (the newest one's received_at).
 * The conversation is read up to the newest MO at or before that instant (to the millisecond the browser saw), so
 * an MO that came while the page was open stays unread. Read state belongs to the organization; it only moves
 * forward, and the conversation's unread count is recounted from it (the MO after it, up to MAX_UNREAD_COUNTED: the
 * partitions from its month on). An MO whose statement commits after this one's snapshot was taken adds itself to the
 * count when it does (record-inbound.ts), and the conversation's row lock orders the two. NOT_FOUND for a phone with
 * no conversation of this organization.
 */
export async function markConversationRead(db: DbOrTx, organizationId: string, phone: string, through: Date): Promise<MarkReadResult> {
  const [row] = await db.execute<{ read_through: string | null }>(sql`
    with seen as (
      select ${of('i', inboundMessages.receivedAt)} from ${inboundMessages} i
       where ${of('i', inboundMessages.organizationId)} = ${organizationId} and ${of('i', inboundMessages.fromPhone)} = ${phone}
         and ${of('i', inboundMessages.receivedAt)} < ${through.toISOString()}::timestamptz + interval '1 millisecond'
       order by ${of('i', inboundMessages.receivedAt)} desc, ${of('i', inboundMessages.id)} desc limit 1
    ), moved as (
      update ${conversations} c set ${name(conversations.readThrough)} = seen.received_at,
             ${name(conversations.unreadCount)} = (select count(*)::int from (
               select 1 from ${inboundMessages} u
                where ${of('u', inboundMessages.organizationId)} = ${organizationId} and ${of('u', inboundMessages.fromPhone)} = ${phone}
                  and ${of('u', inboundMessages.receivedAt)} > seen.received_at
                limit ${MAX_UNREAD_COUNTED}) n)
        from seen
       where ${of('c', conversations.organizationId)} = ${organizationId} and ${of('c', conversations.phone)} = ${phone}
         and seen.received_at > coalesce(${of('c', conversations.readThrough)}, '-infinity'::timestamptz)
      returning ${of('c', conversations.readThrough)}
    )
    select coalesce((select read_through from moved), ${of('c', conversations.readThrough)}) as read_through
      from ${conversations} c where ${of('c', conversations.organizationId)} = ${organizationId} and ${of('c', conversations.phone)} = ${phone}`);
  if (!row) throw new ApiError('NOT_FOUND', { message: 'No conversation with this phone.' });
  return { read_through: row.read_through === null ? null : new Date(row.read_through).toISOString() };
}
