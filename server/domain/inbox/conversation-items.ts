import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { inboundMessages, messageDispatches as dispatches, messageRecipients as recipients, messages } from '@/db/schema';
import { of } from '@/server/lib/sql-names';
import type { ConversationItem } from '@/shared/contracts/inbox';
import type { RECIPIENT_STATE_VALUES } from '@/shared/contracts/reconcile';
import { pastTimeKey, readTimeKey, takePage, timeKeyCursor } from '@/server/domain/pagination/keyset';
import { sendTextOf } from '@/server/domain/messages/texts';

type Keyed = { item: ConversationItem; ts: string; us: number; id: string };
/** `ts`: the instant as Postgres writes it (the cursor); `us`: microseconds since the epoch (the merge). */
type Keys = { id: string; ts: string; us: string };
type InboundRow = Keys & {
  received_at: Date; text: string; to_number: string; keyword: string | null; carrier: string;
  encoding: 'gsm7' | 'latin1' | 'ucs2' | 'binary'; segments: number; complete: boolean; opt_out: 'stop' | 'start' | 'help' | null; unread: boolean;
};
type SendRow = Keys & {
  created_at: Date; body: string | null; sender_id: string | null; dispatches_total: number;
  state: (typeof RECIPIENT_STATE_VALUES)[number]; error_code: string | null; dispatch_at: Date | null;
};
const US = (col: SQL) => sql`(extract(epoch from ${col}) * 1000000)::bigint::text as us`;

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * One page of a conversation, newest first: the phone's MO to the organization (inbound_messages_org_from_idx, read
 * backwards) and the organization's sends to the phone (message_recipients_org_phone_id_idx, then each send by its key),
 * merged by (time, id) — an MO's received_at, a send's created_at — with keyset pages on that pair. Each side gives
 * at most `limit + 1` rows past the cursor; the MO side reads no more than that, the sends side reads the
 * organization's deliveries to the phone (its own only: another merchant's traffic to the phone costs it nothing, D24),
 * as in_reply_to does, first and once (`= any(array(...))`: an init plan, so the planner never walks all the
 * organization's sends by time instead, probing each, as it may when it misjudges how many go to the phone). A send
 * is one item whatever its dispatches: this phone's delivery of the latest dispatch that has begun by `now`, else of
 * its first (a phone twice in `to`: its first place).
 */
export async function conversationItems(
  db: DbOrTx,
  q: { organizationId: string; phone: string; readThrough: string | null; cursor?: string; limit: number; now: Date },
): Promise<{ items: ConversationItem[]; olderCursor: string | null }> {
  const at = q.cursor ? readTimeKey(q.cursor) : null;
  const moBefore = at ? sql`and ${pastTimeKey(of('i', inboundMessages.receivedAt), of('i', inboundMessages.id), at)}` : sql``;
  const sendBefore = at ? sql`and ${pastTimeKey(of('m', messages.createdAt), of('m', messages.id), at)}` : sql``;
  const now = q.now.toISOString();
  const [mo, sends] = await Promise.all([
    db.execute<InboundRow>(sql`
      select ${of('i', inboundMessages.id)}, ${of('i', inboundMessages.receivedAt)}::text as ts, ${US(of('i', inboundMessages.receivedAt))},
             ${of('i', inboundMessages.receivedAt)}, ${of('i', inboundMessages.text)}, ${of('i', inboundMessages.toNumber)}, ${of('i', inboundMessages.keyword)},
             ${of('i', inboundMessages.carrier)}, ${of('i', inboundMessages.encoding)}, ${of('i', inboundMessages.segments)}, ${of('i', inboundMessages.complete)},
             ${of('i', inboundMessages.optOut)},
             ${of('i', inboundMessages.receivedAt)} > coalesce(${q.readThrough}::timestamptz, '-infinity'::timestamptz) as unread
        from ${inboundMessages} i
       where ${of('i', inboundMessages.organizationId)} = ${q.organizationId} and ${of('i', inboundMessages.fromPhone)} = ${q.phone} ${moBefore}
       order by ${of('i', inboundMessages.receivedAt)} desc, ${of('i', inboundMessages.id)} desc
       limit ${q.limit + 1}`),
    db.execute<SendRow>(sql`
      select ${of('m', messages.id)}, ${of('m', messages.createdAt)}::text as ts, ${US(of('m', messages.createdAt))}, ${of('m', messages.createdAt)},
             ${sendTextOf('m')} as body, ${of('m', messages.senderId)}, ${of('m', messages.dispatchesTotal)},
             ${of('r', recipients.state)}, ${of('r', recipients.errorCode)}, ${of('r', dispatches.dispatchAt)}
        from ${messages} m
       cross join lateral (
         select ${of('r', recipients.state)}, ${of('r', recipients.errorCode)}, ${of('d', dispatches.dispatchAt)},
                (${of('d', dispatches.dispatchAt)} is null or ${of('d', dispatches.dispatchAt)} <= ${now}::timestamptz) as begun, ${of('d', dispatches.seq)},
                ${of('r', recipients.position)}
           from ${recipients} r join ${dispatches} d on ${of('d', dispatches.id)} = ${of('r', recipients.dispatchId)}
          where ${of('r', recipients.messageId)} = ${of('m', messages.id)} and ${of('r', recipients.phone)} = ${q.phone}
          order by begun desc, case when (${of('d', dispatches.dispatchAt)} is null or ${of('d', dispatches.dispatchAt)} <= ${now}::timestamptz)
                                    then -${of('d', dispatches.seq)} else ${of('d', dispatches.seq)} end, ${of('r', recipients.position)}
          limit 1) r
       where ${of('m', messages.organizationId)} = ${q.organizationId}
         and ${of('m', messages.id)} = any(array(select ${of('x', recipients.messageId)} from ${recipients} x
                                                  where ${of('x', recipients.organizationId)} = ${q.organizationId} and ${of('x', recipients.phone)} = ${q.phone})) ${sendBefore}
       order by ${of('m', messages.createdAt)} desc, ${of('m', messages.id)} desc
       limit ${q.limit + 1}`),
  ]);
  const keyed: Keyed[] = [
    ...mo.map((r): Keyed => ({
      ts: r.ts,
      us: Number(r.us),
      id: r.id,
      item: {
        kind: 'inbound', inbound_id: r.id, at: iso(r.received_at), text: r.text, to: r.to_number, keyword: r.keyword, carrier: r.carrier,
        encoding: r.encoding, segments: r.segments, complete: r.complete, opt_out: r.opt_out,
        unread: r.unread,
      },
    })),
    ...sends.map((r): Keyed => ({
      ts: r.ts,
      us: Number(r.us),
      id: r.id,
      item: {
        kind: 'send', message_id: r.id, at: iso(r.created_at), text: r.body, sender_id: r.sender_id, state: r.state, error_code: r.error_code,
        dispatch_at: r.dispatch_at === null ? null : iso(r.dispatch_at), dispatches_total: r.dispatches_total,
      },
    })),
  ];
  // Newest first by (time, id), as each side was read (2^53 microseconds is the year 2255: exact as numbers).
  keyed.sort((a, b) => b.us - a.us || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const { shown, last, more } = takePage(keyed, q.limit);
  return { items: shown.map((k) => k.item), olderCursor: more && last ? timeKeyCursor(last.ts, last.id) : null };
}
