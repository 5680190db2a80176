import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { gatewayApps as apps, messages, webhookDeliveries, webhookEvents, type EventType } from '@/db/schema';
import { newId } from '@/server/lib/ids';
import { arrayLiteral } from '@/server/lib/sql-arrays';
import { name, of } from '@/server/lib/sql-names';
import { kickDeliveries } from './deliveries';
import { destinationFor } from './destination';

export type NewEvent = {
  eventType: EventType;
  messageId: string;
  dispatchId: string | null;
  /** message_recipients.id; null for sms.queued. */
  recipientId: number | null;
  /** The event's `data` object, already complete. */
  data: Record<string, unknown>;
  /** Emission time: the envelope's `timestamp` (ISO 8601). */
  at: Date;
};

/**
 * Records events and their deliveries inside the caller's transaction, as sets:
 * one statement inserts the events (a retried job hits the unique indexes and
 * inserts nothing, so an event keeps its one event_id), one inserts a pending
 * delivery for each new event that has a destination, and the deliver_webhooks
 * job is enqueued. Returns how many events were newly inserted.
 */
export async function emitEvents(tx: DbOrTx, events: NewEvent[], opts: { now: Date }): Promise<number> {
  if (events.length === 0) return 0;
  const input = JSON.stringify(
    events.map((e) => ({
      id: randomUUID(),
      t: e.eventType,
      m: e.messageId,
      d: e.dispatchId,
      r: e.recipientId,
      ts: e.at.toISOString(),
      data: e.data,
    })),
  );
  const messageIds = [...new Set(events.map((e) => e.messageId))];
  const { inserted } = await emitEventsFrom(tx, {
    source: sql`jsonb_to_recordset(${input}::jsonb) as r(id uuid, t text, m text, d text, r bigint, ts text, data jsonb)`,
    messageIds,
    now: opts.now,
  });
  return inserted;
}

/**
 * The statement of emitEvents with its events read from `source`, a FROM item `r(id uuid, t text, m text, d text,
 * r bigint, ts text, data jsonb)` (event id, type, message, dispatch, recipient, envelope timestamp, data), which may
 * read CTEs that `prelude` (`name as (...),` items, e.g. the UPDATE that moves the recipients) defines; `count`, a
 * scalar SQL over those CTEs, comes back as `counted` (0 without it), and `value`, another (e.g. a sum of money),
 * as its text (null without it). Events and deliveries are written as emitEvents writes them; what other modules
 * owe because of an event (D15's SMPP receipts) their own consumers derive from webhook_events (event-consumers.ts).
 * `fresh`: the source cannot hold an event that exists already (the events of rows this very
 * statement moved out of their state), so the insert is a plain one: a conflict would be an error, not a skipped
 * row, and Postgres is spared the speculative insertion ON CONFLICT costs per row (an arbiter index probe and a
 * second WAL record: about 3 ms of a 1,000-event insert). Returns how many events were newly inserted.
 */
export async function emitEventsFrom(
  tx: DbOrTx,
  o: { prelude?: SQL; source: SQL; messageIds: string[]; now: Date; count?: SQL; value?: SQL; fresh?: boolean },
): Promise<{ inserted: number; counted: number; value: string | null }> {
  const now = o.now.toISOString();
  const messageIds = o.messageIds;
  // The messages are looked up by primary key once (not joined per event row:
  // with a recordset's row estimate the planner would scan all messages).
  // Each lookup is a LATERAL subquery with LIMIT 1, so even the generic plan a
  // prepared statement caches while the tables are still small is an index
  // probe: the plain join's cached plan hashed a full scan of messages on
  // every call (docs/performance.md).
  // One row per message and partition month comes back (its new events' ids joined, in recipient order, when it has
  // a destination), not one per event: a message without a destination costs no ids on the wire; with `count`, one
  // row even when no event was inserted.
  // D24's partition month of an event: its recipient's (recipient_id_month, the month the id's block names), or, for
  // one without a recipient (sms.queued), its send's accepted month: both pure functions of the subject, so an event
  // emitted again computes the same key and meets the unique indexes (db/schema/webhook-events.ts).
  const rows = await tx.execute<{
    counted: number;
    value: string | null;
    ids: string | null;
    month: string | null;
    n: number;
    organization_id: string;
    app_id: string;
    callback_url: string | null;
    webhook_url: string | null;
    has_credentials: boolean;
  }>(sql`
    with ${o.prelude ?? sql``} msg as (
      select ${of('m', messages.id)}, ${of('m', messages.organizationId)}, ${of('m', messages.appId)}, ${of('m', messages.callbackUrl)}, ${of('m', messages.createdAt)}, ${of('a', apps.webhookUrl)},
             (${of('a', apps.webhookUsername)} is not null) as has_credentials,
             (nullif(${of('m', messages.callbackUrl)}, '') is not null or nullif(${of('a', apps.webhookUrl)}, '') is not null) as has_destination
        from unnest(${arrayLiteral(messageIds)}::text[]) as x(id)
       cross join lateral (select ${messages.id}, ${messages.organizationId}, ${messages.appId}, ${messages.callbackUrl}, ${messages.createdAt} from ${messages} where ${messages.id} = x.id limit 1) m
       cross join lateral (select ${apps.webhookUrl}, ${apps.webhookUsername} from ${apps} where ${apps.id} = ${of('m', messages.appId)} limit 1) a
    ), ins as (
      insert into ${webhookEvents} (${name(webhookEvents.id)}, ${name(webhookEvents.organizationId)}, ${name(webhookEvents.appId)}, ${name(webhookEvents.messageId)}, ${name(webhookEvents.dispatchId)},
                             ${name(webhookEvents.recipientId)}, ${name(webhookEvents.eventType)}, ${name(webhookEvents.payload)}, ${name(webhookEvents.createdAt)},
                             ${name(webhookEvents.partitionMonth)})
      select r.id, m.organization_id, m.app_id, r.m, r.d, r.r, r.t,
             jsonb_build_object('event_id', r.id, 'event_type', r.t, 'timestamp', r.ts, 'message_id', r.m, 'data', r.data),
             ${now}::timestamptz,
             case when r.r is not null then recipient_id_month(r.r) else date_trunc('month', m.created_at, 'UTC') end
        from ${o.source}
        join msg m on m.id = r.m
      ${o.fresh ? sql`` : sql`on conflict do nothing`}
      returning ${name(webhookEvents.id)}, ${name(webhookEvents.messageId)}, ${name(webhookEvents.recipientId)}, ${name(webhookEvents.partitionMonth)}
    )
    select ${o.count ?? sql`0`} as counted, (${o.value ?? sql`null`})::text as value, g.*
      from (select 1) one
      left join (select i.ids, i.month, i.n, msg.organization_id, msg.app_id, msg.callback_url, msg.webhook_url, msg.has_credentials
                   from (select ins.message_id, ins.partition_month::text as month, count(*)::int as n,
                                string_agg(ins.id::text, ',' order by ins.recipient_id) filter (where m.has_destination) as ids
                           from ins join msg m on m.id = ins.message_id
                          group by ins.message_id, ins.partition_month) i
                   join msg on msg.id = i.message_id) g on true`);
  const counted = Number(rows[0]?.counted ?? 0);
  const inserted = rows.filter((row) => row.n !== null);

  const deliveries = inserted.flatMap((row) => {
    const dest = destinationFor({ callbackUrl: row.callback_url, webhookUrl: row.webhook_url, hasCredentials: row.has_credentials });
    return dest && row.ids && row.month
      ? row.ids.split(',').map((e) => ({ id: newId('whd'), e, o: row.organization_id, a: row.app_id, url: dest.url, b: dest.useBasicAuth, m: row.month! }))
      : [];
  });
  await recordDeliveries(tx, deliveries, now);
  return { inserted: inserted.reduce((n, row) => n + Number(row.n), 0), counted, value: rows[0]?.value ?? null };
}

/** A delivery to write: its id, event, organization, app, URL, Basic credentials or not, and its event's partition month (D24). */
export type NewDelivery = { id: string; e: string; o: string; a: string; url: string; b: boolean; m: string };

/**
 * The pending deliveries of new events, and the deliver_webhooks job kicked; nothing when there are none. Each carries
 * its event's partition_month (`m`, as the event's insert returned it), so that an event and its deliveries are kept
 * and dropped together.
 */
export async function recordDeliveries(tx: DbOrTx, deliveries: NewDelivery[], now: string): Promise<void> {
  if (deliveries.length === 0) return;
  await tx.execute(sql`
    insert into ${webhookDeliveries} (${name(webhookDeliveries.id)}, ${name(webhookDeliveries.eventId)}, ${name(webhookDeliveries.organizationId)}, ${name(webhookDeliveries.appId)},
                                    ${name(webhookDeliveries.url)}, ${name(webhookDeliveries.useBasicAuth)}, ${name(webhookDeliveries.state)}, ${name(webhookDeliveries.attempts)},
                                    ${name(webhookDeliveries.nextAttemptAt)}, ${name(webhookDeliveries.createdAt)}, ${name(webhookDeliveries.updatedAt)},
                                    ${name(webhookDeliveries.partitionMonth)})
    select d.id, d.e, d.o, d.a, d.url, d.b, 'pending', 0, ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz, d.m
      from jsonb_to_recordset(${JSON.stringify(deliveries)}::jsonb) as d(id text, e uuid, o text, a text, url text, b boolean, m timestamptz)`);
  await kickDeliveries(tx);
}

/** A new send's `sms.queued` event: its event_id and the exact JSON body POSTed, written by the send's own statement. */
export type QueuedEvent = { id: string; payload: string };

/**
 * The `sms.queued` event of a send being written (insertSendRows writes it in the statement that writes the send's
 * rows): the same envelope as every event, {event_id, event_type, timestamp, message_id, data}. The message is new
 * in that transaction, so its one queued event cannot exist yet (a plain insert), and a queued event never owes an
 * SMPP receipt.
 */
export function queuedEvent(messageId: string, at: Date, data: Record<string, unknown>): QueuedEvent {
  const id = randomUUID();
  return { id, payload: JSON.stringify({ event_id: id, event_type: 'sms.queued', timestamp: at.toISOString(), message_id: messageId, data }) };
}

/**
 * The queued event's delivery, when its app has a destination for it (D10: the send's callback_url, else webhook_url).
 * `partitionMonth`: the event's, as the send's statement wrote it (insertSendRows).
 */
export async function recordQueuedDelivery(
  tx: DbOrTx,
  e: { eventId: string; organizationId: string; appId: string; callbackUrl: string | null; webhookUrl: string | null; hasCredentials: boolean; partitionMonth: string },
  now: Date,
): Promise<void> {
  const dest = destinationFor({ callbackUrl: e.callbackUrl, webhookUrl: e.webhookUrl, hasCredentials: e.hasCredentials });
  if (dest) {
    await recordDeliveries(tx, [{ id: newId('whd'), e: e.eventId, o: e.organizationId, a: e.appId, url: dest.url, b: dest.useBasicAuth, m: e.partitionMonth }], now.toISOString());
  }
}
