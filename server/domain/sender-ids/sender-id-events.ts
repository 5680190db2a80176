import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { SenderIdEventType } from '@/db/schema';
import { recordDeliveries, type NewDelivery } from '@/server/domain/webhooks/emit-events';
import { destinationFor } from '@/server/domain/webhooks/destination';
import { newId } from '@/server/lib/ids';
import type { SenderId } from '@/server/contracts/sender-ids';

/**
 * D22: an operator's decision posted as `sender_id.approved` / `.rejected` / `.revoked` to the `webhook_url` of every
 * app of the organization that has one (a sender ID is the organization's: any of its apps may send from it), through
 * the event -> delivery -> attempt machinery of D10/D16 (signed, retried, logged, replayable). The envelope has no
 * `message_id`: `{event_id, event_type, timestamp, data: {id, sender_id, state, reason, decided_at}}` (in that order on the wire:
 * webhooks/inbound-envelope.ts). An app without
 * a webhook_url gets no event (the sender ID's own row is the record). In the caller's transaction. Returns how many
 * events were written.
 */
export async function emitSenderIdEvent(tx: DbOrTx, organizationId: string, s: SenderId, now: Date): Promise<number> {
  const eventType = `sender_id.${s.state}` as SenderIdEventType;
  const apps = await tx.execute<{ id: string; webhook_url: string | null; has_credentials: boolean }>(sql`
    select id, webhook_url, (webhook_username is not null) as has_credentials from gateway_apps
     where organization_id = ${organizationId} and nullif(webhook_url, '') is not null order by id`);
  const at = now.toISOString();
  const data = { id: s.id, sender_id: s.sender_id, state: s.state, reason: s.reason, decided_at: s.decided_at };
  const events = apps.map((a) => ({ id: randomUUID(), a: a.id }));
  if (!events.length) return 0;
  await tx.execute(sql`
    insert into webhook_events (id, organization_id, app_id, message_id, dispatch_id, recipient_id, inbound_id, event_type, payload, created_at)
    select e.id, ${organizationId}, e.a, null, null, null, null, ${eventType},
           jsonb_build_object('event_id', e.id, 'event_type', ${eventType}::text, 'timestamp', ${at}::text, 'data', ${JSON.stringify(data)}::jsonb),
           ${at}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(events)}::jsonb) as e(id uuid, a text)`);
  const deliveries: NewDelivery[] = apps.flatMap((a, i) => {
    const dest = destinationFor({ callbackUrl: null, webhookUrl: a.webhook_url, hasCredentials: a.has_credentials });
    return dest ? [{ id: newId('whd'), e: events[i].id, o: organizationId, a: a.id, url: dest.url, b: dest.useBasicAuth }] : [];
  });
  await recordDeliveries(tx, deliveries, at);
  return events.length;
}
