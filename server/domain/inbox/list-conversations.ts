import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { inboundMessages } from '@/db/schema';
import { of } from '@/server/lib/sql-names';
import { MAX_UNREAD_COUNTED, type ConversationsPage } from '@/shared/contracts/inbox';
import { readTimeKey, takePage, timeKeyCursor } from '@/server/domain/pagination/keyset';

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
 * D18 Inbox: the organization's conversations, newest activity first, by keyset pages on (last_activity_at, phone).
 * The page's conversations come from inbox_conversation_page() (db/functions): read backwards on
 * inbox_conversations_activity_idx and planned with the organization at every call, since a cached plan that knows
 * only the average organization reads a large merchant's every conversation on each page. Per row of the page: its
 * latest MO, and its unread count as the row keeps it (shown up to MAX_UNREAD_COUNTED). The latest MO is the one
 * received at `last_inbound_at` (recordInboundConversations writes it from the same value): read there, it is one probe
 * of one monthly partition of inbound_messages (pruned as each row is read), not one of each of them (D24). The outer
 * statement runs on its cached generic plan: the page size is written into it (an integer the contract bounds), and
 * its probes are as many as the page's rows whatever the organization. Activity moves, so a conversation that moves
 * while someone pages may show on two pages or on none: the first page is always current.
 */
export async function listConversations(
  db: DbOrTx,
  org: { id: string; timezone: string },
  page: { cursor?: string; limit: number },
): Promise<ConversationsPage> {
  if (!Number.isInteger(page.limit) || page.limit < 1) throw new Error(`listConversations: page size ${page.limit}`);
  const at = page.cursor ? readTimeKey(page.cursor) : undefined;
  const rows = await db.execute<Row>(sql`
    select c.phone, c.last_activity_at::text as activity, c.last_activity_at, ${of('i', inboundMessages.text)}, ${of('i', inboundMessages.toNumber)},
           ${of('i', inboundMessages.keyword)}, ${of('i', inboundMessages.receivedAt)},
           least(c.unread_count, ${MAX_UNREAD_COUNTED}::int) as unread_count
      from inbox_conversation_page(${org.id}, ${at?.ts ?? null}::timestamptz, ${at?.id ?? null}::text, ${sql.raw(String(page.limit + 1))}) c
     cross join lateral (
       select ${of('i', inboundMessages.text)}, ${of('i', inboundMessages.toNumber)}, ${of('i', inboundMessages.keyword)}, ${of('i', inboundMessages.receivedAt)} from ${inboundMessages} i
        where ${of('i', inboundMessages.organizationId)} = ${org.id} and ${of('i', inboundMessages.fromPhone)} = c.phone
          and ${of('i', inboundMessages.receivedAt)} = c.last_inbound_at
        order by ${of('i', inboundMessages.receivedAt)} desc, ${of('i', inboundMessages.id)} desc limit 1) i
     order by c.last_activity_at desc, c.phone desc`);
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
