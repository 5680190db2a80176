import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { inboundMessages, inboxConversations as conversations } from '@/db/schema';
import { of } from '@/server/lib/sql-names';
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
 * read backwards on inbox_conversations_activity_idx. Per row of the page: its latest MO, and its unread count as the
 * row keeps it (shown up to MAX_UNREAD_COUNTED). The latest MO is the one received at `last_inbound_at`
 * (recordInboundConversations writes it from the same value): read there, it is one probe of one monthly partition of
 * inbound_messages (pruned as each row is read), not one of each of them (D24). The page size is written into the
 * statement (an integer the contract bounds), not a parameter: so the plan Postgres caches for it after its first
 * executions knows how many rows it returns, and costs no more than the plans made with the organization's id; with the
 * size a parameter it guessed a tenth of the organization's conversations, and each page was planned anew over every
 * month's partition. Activity moves, so a conversation that moves while someone pages may show on two pages or on
 * none: the first page is always current.
 */
export async function listConversations(
  db: DbOrTx,
  org: { id: string; timezone: string },
  page: { cursor?: string; limit: number },
): Promise<ConversationsPage> {
  if (!Number.isInteger(page.limit) || page.limit < 1) throw new Error(`listConversations: page size ${page.limit}`);
  const after = page.cursor ? sql`and ${pastTimeKey(of('c', conversations.lastActivityAt), of('c', conversations.phone), readTimeKey(page.cursor))}` : sql``;
  const rows = await db.execute<Row>(sql`
    select ${of('c', conversations.phone)}, ${of('c', conversations.lastActivityAt)}::text as activity, ${of('c', conversations.lastActivityAt)}, ${of('i', inboundMessages.text)}, ${of('i', inboundMessages.toNumber)},
           ${of('i', inboundMessages.keyword)}, ${of('i', inboundMessages.receivedAt)},
           least(${of('c', conversations.unreadCount)}, ${MAX_UNREAD_COUNTED}::int) as unread_count
      from ${conversations} c
     cross join lateral (
       select ${of('i', inboundMessages.text)}, ${of('i', inboundMessages.toNumber)}, ${of('i', inboundMessages.keyword)}, ${of('i', inboundMessages.receivedAt)} from ${inboundMessages} i
        where ${of('i', inboundMessages.organizationId)} = ${of('c', conversations.organizationId)} and ${of('i', inboundMessages.fromPhone)} = ${of('c', conversations.phone)}
          and ${of('i', inboundMessages.receivedAt)} = ${of('c', conversations.lastInboundAt)}
        order by ${of('i', inboundMessages.receivedAt)} desc, ${of('i', inboundMessages.id)} desc limit 1) i
     where ${of('c', conversations.organizationId)} = ${org.id} ${after}
     order by ${of('c', conversations.lastActivityAt)} desc, ${of('c', conversations.phone)} desc
     limit ${sql.raw(String(page.limit + 1))}`);
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
