import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { MAX_UNREAD_COUNTED, type ConversationsPage } from '@/shared/contracts/inbox';
import { pastTimeKey, readTimeKey, takePage, timeKeyCursor } from '@/server/domain/pagination/keyset';

type Row = {
  phone: string;
  activity: string;
  last_activity_at: Date;
  text: string;
  to_number: string;
  keyword: string | null;
  received_at: Date;
  unread_count: number;
};

/**
 * D18 Inbox: the organization's conversations, newest activity first, by keyset pages on (last_activity_at, phone)
 * read backwards on inbox_conversations_activity_idx. Per row of the page: its latest MO and its unread MO (counted
 * up to MAX_UNREAD_COUNTED), each a bounded range of inbound_messages_org_from_idx. The latest MO is the one received
 * at `last_inbound_at` (recordInboundConversations writes it from the same value): read there, it is one probe of one
 * monthly partition of inbound_messages (pruned as each row is read), not one of each of them (D24). Activity moves, so
 * a conversation that moves while someone pages may show on two pages or on none: the first page is always current.
 */
export async function listConversations(
  db: DbOrTx,
  org: { id: string; timezone: string },
  page: { cursor?: string; limit: number },
): Promise<ConversationsPage> {
  const after = page.cursor ? sql`and ${pastTimeKey(sql`c.last_activity_at`, sql`c.phone`, readTimeKey(page.cursor))}` : sql``;
  const rows = await db.execute<Row>(sql`
    select c.phone, c.last_activity_at::text as activity, c.last_activity_at, i.text, i.to_number, i.keyword, i.received_at,
           (select count(*)::int from (
              select 1 from inbound_messages u
               where u.organization_id = c.organization_id and u.from_phone = c.phone
                 and u.received_at > coalesce(c.read_through, '-infinity'::timestamptz)
               limit ${MAX_UNREAD_COUNTED}) n) as unread_count
      from inbox_conversations c
     cross join lateral (
       select text, to_number, keyword, received_at from inbound_messages i
        where i.organization_id = c.organization_id and i.from_phone = c.phone and i.received_at = c.last_inbound_at
        order by i.received_at desc, i.id desc limit 1) i
     where c.organization_id = ${org.id} ${after}
     order by c.last_activity_at desc, c.phone desc
     limit ${page.limit + 1}`);
  const { shown, last, more } = takePage(rows, page.limit);
  return {
    items: shown.map((r) => ({
      phone: r.phone,
      last_activity_at: new Date(r.last_activity_at).toISOString(),
      last_inbound: { text: r.text, to: r.to_number, keyword: r.keyword, received_at: new Date(r.received_at).toISOString() },
      unread: r.unread_count > 0,
      unread_count: r.unread_count,
    })),
    next_cursor: more && last ? timeKeyCursor(last.activity, last.phone) : null,
    timezone: org.timezone,
  };
}
