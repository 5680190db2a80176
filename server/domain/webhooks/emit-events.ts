import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { EventType } from '@/db/schema';
import { newId } from '@/server/lib/ids';
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
  const now = opts.now.toISOString();
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
  // The messages are looked up by primary key once (not joined per event row:
  // with json_to_recordset's row estimate the planner would scan all messages).
  // Each lookup is a LATERAL subquery with LIMIT 1, so even the generic plan a
  // prepared statement caches while the tables are still small is an index
  // probe: the plain join's cached plan hashed a full scan of messages on
  // every call (README, Performance).
  const messageIds = [...new Set(events.map((e) => e.messageId))].join(',');
  // One row per message comes back (its new events' ids joined), not one per event: a message without a
  // destination costs no rows on the wire.
  const inserted = await tx.execute<{
    ids: string;
    n: number;
    organization_id: string;
    app_id: string;
    callback_url: string | null;
    webhook_url: string | null;
    has_credentials: boolean;
  }>(sql`
    with msg as (
      select m.id, m.organization_id, m.app_id, m.callback_url, a.webhook_url, (a.webhook_username is not null) as has_credentials,
             m.channel, m.smpp_registered_delivery, m.sender_id, m.body, m.created_at
        from unnest(string_to_array(${messageIds}, ',')) as x(id)
       cross join lateral (select id, organization_id, app_id, callback_url, channel, smpp_registered_delivery, sender_id, body, created_at
                             from messages where id = x.id limit 1) m
       cross join lateral (select webhook_url, webhook_username from gateway_apps where id = m.app_id limit 1) a
    ), ins as (
      insert into webhook_events (id, organization_id, app_id, message_id, dispatch_id, recipient_id, event_type, payload, created_at)
      select r.id, m.organization_id, m.app_id, r.m, r.d, r.r, r.t,
             jsonb_build_object('event_id', r.id, 'event_type', r.t, 'timestamp', r.ts, 'message_id', r.m, 'data', r.data),
             ${now}::timestamptz
        from jsonb_to_recordset(${input}::jsonb) as r(id uuid, t text, m text, d text, r bigint, ts text, data jsonb)
        join msg m on m.id = r.m
      on conflict do nothing
      returning id, message_id, recipient_id, event_type, payload
    ), smpp as (
      -- D15: a receipt owed to the ESME, when the submit_sm's registered_delivery asked for one (bits 0-1: 01 success
      -- or failure, 10 failure only); the SMPP listener delivers it (server/smpp/receipts.ts)
      insert into smpp_receipts (app_id, message_id, recipient_id, event_id, phone, sender_id, stat, err, text, submitted_at, done_at, expires_at)
      select m.app_id, ins.message_id, ins.recipient_id, ins.id, ins.payload->'data'->>'recipient_phone', m.sender_id,
             case when ins.event_type = 'sms.delivered' then 'DELIVRD'
                  when ins.payload->'data'->>'error_code' = 'EXPIRED' then 'EXPIRED'
                  when ins.payload->'data'->>'error_code' in ('DLR_UNDELIV', 'DLR_EXPIRED', 'DLR_REJECTD', 'DLR_DELETED', 'DLR_UNKNOWN')
                    then substr(ins.payload->'data'->>'error_code', 5)
                  when ins.payload->'data'->>'error_code' like 'SMPP_%' then 'REJECTD'
                  else 'UNDELIV' end,
             case when ins.payload->'data'->>'error_message' ~ '^[0-9]{3}$' then ins.payload->'data'->>'error_message' else '000' end,
             left(m.body, 20), m.created_at, ${now}::timestamptz, ${now}::timestamptz + interval '72 hours'
        from ins join msg m on m.id = ins.message_id
       where m.channel = 'smpp' and ins.event_type in ('sms.delivered', 'sms.failed')
         and ((m.smpp_registered_delivery & 3) = 1 or ((m.smpp_registered_delivery & 3) = 2 and ins.event_type = 'sms.failed'))
      on conflict do nothing
    )
    select string_agg(ins.id::text, ',') as ids, count(*)::int as n,
           msg.organization_id, msg.app_id, msg.callback_url, msg.webhook_url, msg.has_credentials
      from ins join msg on msg.id = ins.message_id
     group by msg.id, msg.organization_id, msg.app_id, msg.callback_url, msg.webhook_url, msg.has_credentials`);

  const deliveries = inserted.flatMap((row) => {
    const dest = destinationFor({ callbackUrl: row.callback_url, webhookUrl: row.webhook_url, hasCredentials: row.has_credentials });
    return dest ? row.ids.split(',').map((e) => ({ id: newId('whd'), e, o: row.organization_id, a: row.app_id, url: dest.url, b: dest.useBasicAuth })) : [];
  });
  if (deliveries.length > 0) {
    await tx.execute(sql`
      insert into webhook_deliveries (id, event_id, organization_id, app_id, url, use_basic_auth, state, attempts, next_attempt_at, created_at, updated_at)
      select d.id, d.e, d.o, d.a, d.url, d.b, 'pending', 0, ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(deliveries)}::jsonb) as d(id text, e uuid, o text, a text, url text, b boolean)`);
    await kickDeliveries(tx);
  }
  return inserted.reduce((n, row) => n + Number(row.n), 0);
}
