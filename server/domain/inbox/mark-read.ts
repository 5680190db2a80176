import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { MarkReadResult } from '@/shared/contracts/inbox';
import { ApiError } from '@/shared/errors/api-error';

/**
 * D18 Inbox: a member opened the conversation and was shown its MO up to `through` (the newest one's received_at).
 * The conversation is read up to the newest MO at or before that instant (to the millisecond the browser saw), so
 * an MO that came while the page was open stays unread. Read state belongs to the organization; it only moves
 * forward. NOT_FOUND for a phone with no conversation of this organization.
 */
export async function markConversationRead(db: DbOrTx, organizationId: string, phone: string, through: Date): Promise<MarkReadResult> {
  const [row] = await db.execute<{ read_through: string | null }>(sql`
    with seen as (
      select i.received_at from inbound_messages i
       where i.organization_id = ${organizationId} and i.from_phone = ${phone}
         and i.received_at < ${through.toISOString()}::timestamptz + interval '1 millisecond'
       order by i.received_at desc, i.id desc limit 1
    ), moved as (
      update inbox_conversations c set read_through = seen.received_at
        from seen
       where c.organization_id = ${organizationId} and c.phone = ${phone}
         and seen.received_at > coalesce(c.read_through, '-infinity'::timestamptz)
      returning c.read_through
    )
    select coalesce((select read_through from moved), c.read_through) as read_through
      from inbox_conversations c where c.organization_id = ${organizationId} and c.phone = ${phone}`);
  if (!row) throw new ApiError('NOT_FOUND', { message: 'No conversation with this phone.' });
  return { read_through: row.read_through === null ? null : new Date(row.read_through).toISOString() };
}
