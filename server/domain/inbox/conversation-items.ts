import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { ConversationItem } from '@/shared/contracts/inbox';
import type { RECIPIENT_STATE_VALUES } from '@/shared/contracts/reconcile';
import { pastTimeKey, readTimeKey, takePage, timeKeyCursor } from '@/server/domain/pagination/keyset';

type Keyed = { item: ConversationItem; ts: string; us: number; id: string };
/** `ts`: the instant as Postgres writes it (the cursor); `us`: microseconds since the epoch (the merge). */
type Keys = { id: string; ts: string; us: string };
type InboundRow = Keys & {
  received_at: Date; text: string; to_number: string; keyword: string | null; carrier: string;
  encoding: 'gsm7' | 'latin1' | 'ucs2' | 'binary'; segments: number; complete: boolean; opt_out: 'stop' | 'start' | 'help' | null; unread: boolean;
};
type SendRow = Keys & {
  created_at: Date; body: string; sender_id: string | null; dispatches_total: number;
  state: (typeof RECIPIENT_STATE_VALUES)[number]; error_code: string | null; dispatch_at: Date | null;
};
const US = (col: string) => sql.raw(`(extract(epoch from ${col}) * 1000000)::bigint::text as us`);

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * One page of a conversation, newest first: the phone's MO to the organization (inbound_messages_org_from_idx, read
 * backwards) and the organization's sends to the phone (message_recipients_org_phone_idx, then each send by its key),
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
  const moBefore = at ? sql`and ${pastTimeKey(sql`i.received_at`, sql`i.id`, at)}` : sql``;
  const sendBefore = at ? sql`and ${pastTimeKey(sql`m.created_at`, sql`m.id`, at)}` : sql``;
  const now = q.now.toISOString();
  const [mo, sends] = await Promise.all([
    db.execute<InboundRow>(sql`
      select i.id, i.received_at::text as ts, ${US('i.received_at')}, i.received_at, i.text, i.to_number, i.keyword, i.carrier, i.encoding,
             i.segments, i.complete, i.opt_out, i.received_at > coalesce(${q.readThrough}::timestamptz, '-infinity'::timestamptz) as unread
        from inbound_messages i
       where i.organization_id = ${q.organizationId} and i.from_phone = ${q.phone} ${moBefore}
       order by i.received_at desc, i.id desc
       limit ${q.limit + 1}`),
    db.execute<SendRow>(sql`
      select m.id, m.created_at::text as ts, ${US('m.created_at')}, m.created_at, m.body, m.sender_id, m.dispatches_total, r.state, r.error_code, r.dispatch_at
        from messages m
       cross join lateral (
         select r.state, r.error_code, d.dispatch_at,
                (d.dispatch_at is null or d.dispatch_at <= ${now}::timestamptz) as begun, d.seq, r.position
           from message_recipients r join message_dispatches d on d.id = r.dispatch_id
          where r.message_id = m.id and r.phone = ${q.phone}
          order by begun desc, case when (d.dispatch_at is null or d.dispatch_at <= ${now}::timestamptz) then -d.seq else d.seq end, r.position
          limit 1) r
       where m.organization_id = ${q.organizationId}
         and m.id = any(array(select x.message_id from message_recipients x where x.organization_id = ${q.organizationId} and x.phone = ${q.phone})) ${sendBefore}
       order by m.created_at desc, m.id desc
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
