import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { gatewayApps as apps, webhookDeliveries, webhookEvents, type OptOutSource } from '@/db/schema';
import { kickDeliveries } from '@/server/domain/webhooks/deliveries';
import { inboundDestinationFor, type Destination } from '@/server/domain/webhooks/destination';
import { newId } from '@/server/lib/ids';
import { arrayLiteral } from '@/server/lib/sql-arrays';
import { name } from '@/server/lib/sql-names';

/**
 * Which apps hear of a change of the list (D19: `contact.opted_out` / `contact.opted_in` go to `inbound_url`): the
 * app an opt-out keyword's MO was routed to, or the app whose key made the API call; for a change made in the
 * dashboard (by hand or by import), which no app made, every app of the organization.
 */
export type ContactAudience = { appId: string } | 'every-app';

/** An app that receives contact events: its inbound_url, and whether its Basic credentials go with them (D10). */
export type ContactTarget = { appId: string } & Destination;

export type ContactChange = {
  organizationId: string;
  eventType: 'contact.opted_out' | 'contact.opted_in';
  /** What made the change: the new entry's source (opted_out), or who took the entry off (opted_in). */
  source: OptOutSource;
  /** The number the MO came to, for a change a keyword made; null otherwise. */
  number: string | null;
  /** The envelope's `timestamp`. */
  at: Date;
};

/**
 * The apps of `audience` that have an inbound_url, with where their events go. An app without one gets no contact
 * event (unlike an MO's sms.received, which is kept for replay): the list itself is the record of the change
 * (GET /opt-outs), and an import would otherwise write 100,000 events that no one can receive.
 */
export async function contactTargets(tx: DbOrTx, organizationId: string, audience: ContactAudience): Promise<ContactTarget[]> {
  const rows = await tx.execute<{ id: string; inbound_url: string | null; webhook_url: string | null; has_credentials: boolean }>(sql`
    select ${apps.id}, ${apps.inboundUrl}, ${apps.webhookUrl}, (${apps.webhookUsername} is not null) as has_credentials from ${apps}
     where ${apps.organizationId} = ${organizationId} and ${apps.inboundUrl} is not null ${audience === 'every-app' ? sql`` : sql`and ${apps.id} = ${audience.appId}`}
     order by ${apps.id}`);
  return rows.flatMap((r) => {
    const dest = inboundDestinationFor({ inboundUrl: r.inbound_url, webhookUrl: r.webhook_url, hasCredentials: r.has_credentials });
    return dest ? [{ appId: r.id, ...dest }] : [];
  });
}

/**
 * One contact event per changed phone and target app, each with its pending delivery, in ONE statement per target
 * app whatever the number of phones (an import's 100,000): the events are built in SQL from the phones (a JSON array
 * parameter) zipped with the deliveries' ids, drawn here (ROWS FROM walks both in step: no join, no numbering). The
 * envelope is sms.received's without `inbound_id` (inbound-envelope.ts orders it on the wire): `{event_id,
 * event_type, timestamp, data: {phone, source, number}}`. The delivery loop is kicked. Returns how many events were
 * written. D24: events and deliveries carry the month they are written in (`now`'s) as their partition month.
 */
export async function emitContactEvents(tx: DbOrTx, targets: ContactTarget[], change: ContactChange, phones: string[], now: Date): Promise<number> {
  if (!targets.length || !phones.length) return 0;
  const at = now.toISOString();
  const phoneArray = arrayLiteral(phones);
  let written = 0;
  for (const t of targets) {
    const deliveryIds = arrayLiteral(Array.from(phones, () => newId('whd')));
    const [row] = await tx.execute<{ n: number }>(sql`
      with ev as materialized (
        select gen_random_uuid() as id, x.phone, x.delivery_id, date_trunc('month', ${at}::timestamptz, 'UTC') as partition_month
          from unnest(${phoneArray}::text[], ${deliveryIds}::text[]) as x(phone, delivery_id)
      ), ins as (
        insert into ${webhookEvents} (${name(webhookEvents.id)}, ${name(webhookEvents.organizationId)}, ${name(webhookEvents.appId)}, ${name(webhookEvents.messageId)},
                                      ${name(webhookEvents.dispatchId)}, ${name(webhookEvents.recipientId)}, ${name(webhookEvents.inboundId)},
                                      ${name(webhookEvents.eventType)}, ${name(webhookEvents.payload)}, ${name(webhookEvents.createdAt)},
                                      ${name(webhookEvents.partitionMonth)})
        select ev.id, ${change.organizationId}, ${t.appId}, null, null, null, null, ${change.eventType},
               jsonb_build_object('event_id', ev.id, 'event_type', ${change.eventType}::text, 'timestamp', ${change.at.toISOString()}::text,
                                  'data', jsonb_build_object('phone', ev.phone, 'source', ${change.source}::text, 'number', ${change.number}::text)),
               ${at}::timestamptz, ev.partition_month
          from ev
      ), del as (
        insert into ${webhookDeliveries} (${name(webhookDeliveries.id)}, ${name(webhookDeliveries.eventId)}, ${name(webhookDeliveries.organizationId)},
                                          ${name(webhookDeliveries.appId)}, ${name(webhookDeliveries.url)}, ${name(webhookDeliveries.useBasicAuth)},
                                          ${name(webhookDeliveries.state)}, ${name(webhookDeliveries.attempts)}, ${name(webhookDeliveries.nextAttemptAt)},
                                          ${name(webhookDeliveries.createdAt)}, ${name(webhookDeliveries.updatedAt)}, ${name(webhookDeliveries.partitionMonth)})
        select ev.delivery_id, ev.id, ${change.organizationId}, ${t.appId}, ${t.url}, ${t.useBasicAuth}, 'pending', 0, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz,
               ev.partition_month
          from ev
      )
      select count(*)::int as n from ev`);
    written += row?.n ?? 0;
  }
  await kickDeliveries(tx);
  return written;
}
