import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { gatewayApps, inboundMessages, inboxConversations as conversations, numbers } from '@/db/schema';
import { of } from '@/server/lib/sql-names';
import type { ConversationView, ReplyFrom } from '@/shared/contracts/inbox';
import type { KeyEnvironment } from '@/server/domain/keys/api-keys';
import { ApiError } from '@/shared/errors/api-error';
import { normalizePhone } from '@/shared/messages/phone';
import { conversationItems } from './conversation-items';

type Org = { id: string; timezone: string; defaultCountry: string };
type Head = { phone: string; last_inbound_at: Date; read_through: string | null; app_id: string; to_number: string };

/** Most numbers offered to reply from; an organization has a handful. */
const MAX_REPLY_FROM = 100;

/**
 * The organization's conversation with `phone` (D18 Inbox): its row, a page of its items, and where a reply can go
 * from. `phone` as the list gives it (the MO's sender as stored), or typed in any form a POST /send recipient takes.
 * A phone with no conversation of this organization (another's included) is NOT_FOUND.
 */
export async function getConversation(
  db: DbOrTx,
  org: Org,
  q: { phone: string; cursor?: string; limit: number },
  opts: { environment: KeyEnvironment; now: Date },
): Promise<ConversationView> {
  const head = (await conversationHead(db, org.id, q.phone)) ?? (await typedPhone(db, org, q.phone));
  if (!head) throw new ApiError('NOT_FOUND', { message: 'No conversation with this phone.' });
  const [page, replyFrom] = await Promise.all([
    conversationItems(db, { organizationId: org.id, phone: head.phone, readThrough: head.read_through, cursor: q.cursor, limit: q.limit, now: opts.now }),
    numbersToReplyFrom(db, org.id, opts.environment),
  ]);
  return {
    phone: head.phone,
    last_inbound_at: new Date(head.last_inbound_at).toISOString(),
    read_through: head.read_through === null ? null : new Date(head.read_through).toISOString(),
    items: page.items,
    older_cursor: page.olderCursor,
    reply_from: replyFrom,
    default_from: replyFrom.find((f) => f.app_id === head.app_id && f.number === head.to_number) ?? null,
    timezone: org.timezone,
  };
}

/** The conversation's row and its latest MO's app and number (the MO at `last_inbound_at`: one partition, D24). */
async function conversationHead(db: DbOrTx, organizationId: string, phone: string): Promise<Head | null> {
  const [row] = await db.execute<Head>(sql`
    select ${of('c', conversations.phone)}, ${of('c', conversations.lastInboundAt)}, ${of('c', conversations.readThrough)}::text as read_through, ${of('i', inboundMessages.appId)}, ${of('i', inboundMessages.toNumber)}
      from ${conversations} c
     cross join lateral (
       select ${of('i', inboundMessages.appId)}, ${of('i', inboundMessages.toNumber)} from ${inboundMessages} i
        where ${of('i', inboundMessages.organizationId)} = ${of('c', conversations.organizationId)} and ${of('i', inboundMessages.fromPhone)} = ${of('c', conversations.phone)}
          and ${of('i', inboundMessages.receivedAt)} = ${of('c', conversations.lastInboundAt)}
        order by ${of('i', inboundMessages.receivedAt)} desc, ${of('i', inboundMessages.id)} desc limit 1) i
     where ${of('c', conversations.organizationId)} = ${organizationId} and ${of('c', conversations.phone)} = ${phone}`);
  return row ?? null;
}

async function typedPhone(db: DbOrTx, org: Org, typed: string): Promise<Head | null> {
  const n = normalizePhone(typed, org.defaultCountry);
  return n.ok && n.e164 !== typed ? conversationHead(db, org.id, n.e164) : null;
}

/** The organization's numbers whose app may send on this deployment (allowed, same environment), by number. */
export async function numbersToReplyFrom(db: DbOrTx, organizationId: string, environment: KeyEnvironment): Promise<ReplyFrom[]> {
  const rows = await db.execute<ReplyFrom>(sql`
    select distinct on (${of('n', numbers.number)}, ${of('n', numbers.appId)}) ${of('n', numbers.appId)}, ${of('a', gatewayApps.name)} as app_name, ${of('n', numbers.number)}
      from ${numbers} n join ${gatewayApps} a on ${of('a', gatewayApps.id)} = ${of('n', numbers.appId)}
     where ${of('n', numbers.organizationId)} = ${organizationId} and ${of('a', gatewayApps.status)} = 'allowed' and ${of('a', gatewayApps.environment)} = ${environment}
     order by ${of('n', numbers.number)}, ${of('n', numbers.appId)}
     limit ${MAX_REPLY_FROM}`);
  return rows.map((r) => ({ app_id: r.app_id, app_name: r.app_name, number: r.number }));
}
