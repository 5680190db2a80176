import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { EVENT_TYPES, gatewayApps, INBOUND_EVENT_TYPES, messages, webhookAttempts, webhookDeliveries, webhookEvents, type DeliveryState, type EventType, type WebhookEventType } from '@/db/schema';
import { newId } from '@/server/lib/ids';
import { arrayLiteral } from '@/server/lib/sql-arrays';
import { of } from '@/server/lib/sql-names';
import { kickDeliveries } from './deliveries';
import { destinationFor, displayUrl, inboundDestinationFor } from './destination';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Dashboard replay (D10): a new pending delivery of an existing event, same
 * payload and event_id, to the destination the rules give today (an inbound
 * event to the app's inbound_url, D18). Null when the event is not this
 * organization's, or when it has no destination any more.
 */
export async function replayEvent(db: Db, organizationId: string, eventId: string, now: Date): Promise<string | null> {
  if (!UUID.test(eventId)) return null;
  return db.transaction(async (tx) => {
    const [row] = await tx.execute<{
      app_id: string;
      event_type: string;
      callback_url: string | null;
      webhook_url: string | null;
      inbound_url: string | null;
      has_credentials: boolean;
      partition_month: string;
    }>(sql`
      -- (by id alone: one probe of each partition's primary key)
      select ${of('e', webhookEvents.appId)}, ${of('e', webhookEvents.eventType)}, ${of('e', webhookEvents.partitionMonth)}::text as partition_month,
             ${of('m', messages.callbackUrl)}, ${of('a', gatewayApps.webhookUrl)},
             ${of('a', gatewayApps.inboundUrl)}, (${of('a', gatewayApps.webhookUsername)} is not null) as has_credentials
        from ${webhookEvents} e left join ${messages} m on ${of('m', messages.id)} = ${of('e', webhookEvents.messageId)}
        join ${gatewayApps} a on ${of('a', gatewayApps.id)} = ${of('e', webhookEvents.appId)}
       where ${of('e', webhookEvents.id)} = ${eventId}::uuid and ${of('e', webhookEvents.organizationId)} = ${organizationId}`);
    if (!row) return null;
    const inbound = (INBOUND_EVENT_TYPES as readonly string[]).includes(row.event_type);
    const credentials = { webhookUrl: row.webhook_url, hasCredentials: row.has_credentials };
    const dest = inbound ? inboundDestinationFor({ inboundUrl: row.inbound_url, ...credentials }) : destinationFor({ callbackUrl: row.callback_url, ...credentials });
    if (!dest) return null;
    const id = newId('whd');
    await tx.insert(webhookDeliveries).values({
      id,
      eventId,
      organizationId,
      appId: row.app_id,
      url: dest.url,
      useBasicAuth: dest.useBasicAuth,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
      // kept and dropped with its event (D24)
      partitionMonth: sql`${row.partition_month}::timestamptz`,
    });
    await kickDeliveries(tx);
    return id;
  });
}

export type AttemptLog = { attemptedAt: Date; statusCode: number | null; latencyMs: number; error: string | null; responseBody: string | null };
export type DeliveryLog = {
  id: string;
  url: string;
  state: DeliveryState;
  attempts: number;
  nextAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: Date;
  attemptLog: AttemptLog[];
};
export type EventLog = {
  eventId: string;
  eventType: WebhookEventType;
  recipientId: number | null;
  dispatchId: string | null;
  createdAt: Date;
  payload: unknown;
  deliveries: DeliveryLog[];
};

/** Where a page of the log ends: the sort key of its last event (unique within a message). */
export type EventCursor = { createdAt: Date; recipientId: number | null; eventType: EventType };
const NO_RECIPIENT = sql`9223372036854775807`; // sorts like the NULL recipient of sms.queued (nulls last)
/** A recipient's events of one transaction (sent and delivered together) in the order they happened, not the alphabet's. */
const lifecycle = (type: SQL) => sql`array_position(${arrayLiteral(EVENT_TYPES)}::text[], ${type}::text)`;

/**
 * The delivery log of one message of the organization: its events, their deliveries and every attempt. No secrets.
 * Without `page`, the whole log; with it, at most `page.limit` events after `page.after`, in the same order.
 */
export async function listEventDeliveries(
  db: Db,
  organizationId: string,
  messageId: string,
  page?: { limit: number; after?: EventCursor },
): Promise<EventLog[]> {
  const after = page?.after
    ? sql`(${webhookEvents.createdAt}, coalesce(${webhookEvents.recipientId}, ${NO_RECIPIENT}), ${lifecycle(sql`${webhookEvents.eventType}`)})
          > (${page.after.createdAt.toISOString()}::timestamptz, coalesce(${page.after.recipientId}::bigint, ${NO_RECIPIENT}), ${lifecycle(sql`${page.after.eventType}`)})`
    : undefined;
  const query = db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.organizationId, organizationId), eq(webhookEvents.messageId, messageId), after))
    .orderBy(asc(webhookEvents.createdAt), asc(webhookEvents.recipientId), asc(lifecycle(sql`${webhookEvents.eventType}`)));
  const events = page ? await query.limit(page.limit) : await query;
  return withDeliveries(db, events);
}

/**
 * The delivery log of an MO's sms.received event (D18), when it has one: the event of this organization for that
 * inbound id, its deliveries and every attempt. Null for another organization's MO, or an unrouted one.
 */
export async function inboundEventDeliveries(db: Db, organizationId: string, inboundId: string): Promise<EventLog | null> {
  const events = await db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.organizationId, organizationId), eq(webhookEvents.inboundId, inboundId), eq(webhookEvents.eventType, 'sms.received')));
  const [log] = await withDeliveries(db, events);
  return log ?? null;
}

/**
 * Events with their deliveries (oldest first) and each delivery's attempts: two statements for any number of events.
 * The deliveries are read in their events' partitions only (D24: a delivery carries its event's partition_month).
 */
async function withDeliveries(db: Db, events: Array<typeof webhookEvents.$inferSelect>): Promise<EventLog[]> {
  if (events.length === 0) return [];
  const months = [...new Map(events.map((e) => [e.partitionMonth.getTime(), e.partitionMonth])).values()];
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.eventId, events.map((e) => e.id)), inArray(webhookDeliveries.partitionMonth, months)))
    .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id));
  const attempts = deliveries.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.deliveryId, deliveries.map((d) => d.id)))
        .orderBy(asc(webhookAttempts.attemptedAt), asc(webhookAttempts.id))
    : [];
  return events.map((e) => ({
    eventId: e.id,
    eventType: e.eventType,
    recipientId: e.recipientId,
    dispatchId: e.dispatchId,
    createdAt: e.createdAt,
    payload: e.payload,
    deliveries: deliveries
      .filter((d) => d.eventId === e.id)
      .map((d) => ({
        id: d.id,
        url: displayUrl(d.url),
        state: d.state,
        attempts: d.attempts,
        nextAttemptAt: d.state === 'pending' ? d.nextAttemptAt : null,
        lastStatusCode: d.lastStatusCode,
        lastError: d.lastError,
        createdAt: d.createdAt,
        attemptLog: attempts
          .filter((a) => a.deliveryId === d.id)
          .map((a) => ({ attemptedAt: a.attemptedAt, statusCode: a.statusCode, latencyMs: a.latencyMs, error: a.error, responseBody: a.responseBody })),
      })),
  }));
}
