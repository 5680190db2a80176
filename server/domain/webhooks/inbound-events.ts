import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { gatewayApps, webhookEvents, type InboundEventType } from '@/db/schema';
import { name, of } from '@/server/lib/sql-names';
import { newId } from '@/server/lib/ids';
import { recordDeliveries } from './emit-events';
import { inboundDestinationFor } from './destination';

/**
 * The events of an app's `inbound_url` (D18 `sms.received`, D19 `contact.opted_out` / `contact.opted_in`): the
 * v1 envelope with `inbound_id` in place of `message_id` (none for the contact events). They go through the same
 * event -> delivery -> attempt machinery as a send's events (signed, retried, logged, replayable), to `inbound_url`
 * only: `webhook_url` keeps v1's five types.
 */
export type NewInboundEvent = {
  eventType: InboundEventType;
  organizationId: string;
  appId: string;
  /** inbound_messages.id (sms.received); null for the contact events. */
  inboundId: string | null;
  /**
   * The MO's received_at (sms.received): its month is the event's partition month (D24), the MO's own, so that both
   * are kept and dropped together; null for the contact events, whose month is their emission's.
   */
  receivedAt: Date | null;
  /** The event's `data`, complete (posted in inbound-envelope.ts's field order). */
  data: Record<string, unknown>;
  /** Emission time: the envelope's `timestamp`. */
  at: Date;
};

/**
 * Records inbound events and their deliveries in the caller's transaction: one statement inserts the events (an
 * MO's sms.received exists once: a second one hits webhook_events_received_uq and is not inserted), one a pending
 * delivery to the app's inbound_url for each new one (none when the app has no inbound_url: the event is kept
 * anyway), and the deliver_webhooks job is kicked. Returns how many events were newly inserted.
 */
export async function emitInboundEvents(tx: DbOrTx, events: NewInboundEvent[], opts: { now: Date }): Promise<number> {
  if (!events.length) return 0;
  const now = opts.now.toISOString();
  const input = JSON.stringify(
    events.map((e) => ({
      id: randomUUID(),
      t: e.eventType,
      o: e.organizationId,
      a: e.appId,
      i: e.inboundId,
      ts: e.at.toISOString(),
      rat: e.receivedAt?.toISOString() ?? null,
      data: e.data,
    })),
  );
  const rows = await tx.execute<{
    id: string;
    organization_id: string;
    app_id: string;
    partition_month: string;
    inbound_url: string | null;
    webhook_url: string | null;
    has_credentials: boolean;
  }>(sql`
    with ins as (
      insert into ${webhookEvents} (${name(webhookEvents.id)}, ${name(webhookEvents.organizationId)}, ${name(webhookEvents.appId)}, ${name(webhookEvents.messageId)},
                                    ${name(webhookEvents.dispatchId)}, ${name(webhookEvents.recipientId)}, ${name(webhookEvents.inboundId)},
                                    ${name(webhookEvents.eventType)}, ${name(webhookEvents.payload)}, ${name(webhookEvents.createdAt)},
                                    ${name(webhookEvents.partitionMonth)})
      select r.id, r.o, r.a, null, null, null, r.i, r.t,
             jsonb_build_object('event_id', r.id, 'event_type', r.t, 'timestamp', r.ts, 'data', r.data)
               || case when r.i is null then '{}'::jsonb else jsonb_build_object('inbound_id', r.i) end,
             ${now}::timestamptz, date_trunc('month', coalesce(r.rat, ${now}::timestamptz), 'UTC')
        from jsonb_to_recordset(${input}::jsonb) as r(id uuid, t text, o text, a text, i text, ts text, rat timestamptz, data jsonb)
      on conflict do nothing
      returning ${name(webhookEvents.id)}, ${name(webhookEvents.organizationId)}, ${name(webhookEvents.appId)}, ${name(webhookEvents.partitionMonth)}
    )
    select ins.id, ins.organization_id, ins.app_id, ins.partition_month::text as partition_month, ${of('a', gatewayApps.inboundUrl)},
           ${of('a', gatewayApps.webhookUrl)}, (${of('a', gatewayApps.webhookUsername)} is not null) as has_credentials
      from ins join ${gatewayApps} a on ${of('a', gatewayApps.id)} = ins.app_id`);
  const deliveries = rows.flatMap((r) => {
    const dest = inboundDestinationFor({ inboundUrl: r.inbound_url, webhookUrl: r.webhook_url, hasCredentials: r.has_credentials });
    return dest ? [{ id: newId('whd'), e: r.id, o: r.organization_id, a: r.app_id, url: dest.url, b: dest.useBasicAuth, m: r.partition_month }] : [];
  });
  await recordDeliveries(tx, deliveries, now);
  return rows.length;
}
