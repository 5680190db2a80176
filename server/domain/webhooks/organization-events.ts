import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { gatewayApps, webhookEvents, type SenderIdEventType, type WalletEventType } from '@/db/schema';
import { name } from '@/server/lib/sql-names';
import { destinationFor } from './destination';
import { recordDeliveries, type NewDelivery } from './emit-events';
import { newId } from '@/server/lib/ids';

/** Events about the organization itself, not about a send or an MO: D22's sender ID decisions, the low-balance alert. */
export type OrganizationEventType = SenderIdEventType | WalletEventType;

/**
 * An event about the organization posted to the `webhook_url` of every app of it that has one, through the event ->
 * delivery -> attempt machinery of D10/D16 (signed, retried, logged, replayable): one event per such app, each with its
 * delivery. The envelope has no `message_id`: `{event_id, event_type, timestamp, data}` (in that order on the wire:
 * webhooks/inbound-envelope.ts). An app without a webhook_url gets no event. In the caller's transaction. Returns how
 * many events were written. D24: their partition month is the month they are written in (`now`'s), as the
 * deliveries', which the insert's answer gives.
 */
export async function emitOrganizationEvent(
  tx: DbOrTx,
  organizationId: string,
  eventType: OrganizationEventType,
  data: Record<string, unknown>,
  now: Date,
): Promise<number> {
  const apps = await tx.execute<{ id: string; webhook_url: string | null; has_credentials: boolean }>(sql`
    select ${gatewayApps.id}, ${gatewayApps.webhookUrl}, (${gatewayApps.webhookUsername} is not null) as has_credentials from ${gatewayApps}
     where ${gatewayApps.organizationId} = ${organizationId} and nullif(${gatewayApps.webhookUrl}, '') is not null order by ${gatewayApps.id}`);
  if (!apps.length) return 0;
  const at = now.toISOString();
  const events = apps.map((a) => ({ id: randomUUID(), a: a.id }));
  const [{ month }] = await tx.execute<{ month: string }>(sql`
    with ins as (
      insert into ${webhookEvents} (${name(webhookEvents.id)}, ${name(webhookEvents.organizationId)}, ${name(webhookEvents.appId)}, ${name(webhookEvents.messageId)},
                                    ${name(webhookEvents.dispatchId)}, ${name(webhookEvents.recipientId)}, ${name(webhookEvents.inboundId)},
                                    ${name(webhookEvents.eventType)}, ${name(webhookEvents.payload)}, ${name(webhookEvents.createdAt)},
                                    ${name(webhookEvents.partitionMonth)})
      select e.id, ${organizationId}, e.a, null, null, null, null, ${eventType},
             jsonb_build_object('event_id', e.id, 'event_type', ${eventType}::text, 'timestamp', ${at}::text, 'data', ${JSON.stringify(data)}::jsonb),
             ${at}::timestamptz, date_trunc('month', ${at}::timestamptz, 'UTC')
        from jsonb_to_recordset(${JSON.stringify(events)}::jsonb) as e(id uuid, a text)
      returning ${name(webhookEvents.partitionMonth)}
    )
    select min(${name(webhookEvents.partitionMonth)})::text as month from ins`);
  const deliveries: NewDelivery[] = apps.flatMap((a, i) => {
    const dest = destinationFor({ callbackUrl: null, webhookUrl: a.webhook_url, hasCredentials: a.has_credentials });
    return dest ? [{ id: newId('whd'), e: events[i].id, o: organizationId, a: a.id, url: dest.url, b: dest.useBasicAuth, m: month }] : [];
  });
  await recordDeliveries(tx, deliveries, at);
  return events.length;
}
