import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './_columns';

/** The five v1 event types of a send: the only ones `webhook_url` (or a send's `callback_url`) receives. */
export const EVENT_TYPES = ['sms.queued', 'sms.processing', 'sms.sent', 'sms.delivered', 'sms.failed'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
/**
 * Events for an app's `inbound_url` only (D18 `sms.received`; D19 `contact.opted_out` / `contact.opted_in`). They
 * have no message: `sms.received` names its MO (`inbound_id`), the contact events neither.
 */
export const INBOUND_EVENT_TYPES = ['sms.received', 'contact.opted_out', 'contact.opted_in'] as const;
export type InboundEventType = (typeof INBOUND_EVENT_TYPES)[number];
/**
 * D22: an operator's decision on one of the organization's sender IDs, for every app's `webhook_url` (no message,
 * no MO): `data` names the sender ID (sender-id-events.ts).
 */
export const SENDER_ID_EVENT_TYPES = ['sender_id.approved', 'sender_id.rejected', 'sender_id.revoked'] as const;
export type SenderIdEventType = (typeof SENDER_ID_EVENT_TYPES)[number];
/**
 * Issue 44 (D10's additive event): the organization's balance fell below its alert threshold, for every app's
 * `webhook_url` (no message, no MO): `data` is {balance, threshold, currency} (wallets/low-balance.ts).
 */
export const WALLET_EVENT_TYPES = ['wallet.low_balance'] as const;
export type WalletEventType = (typeof WALLET_EVENT_TYPES)[number];
export type WebhookEventType = EventType | InboundEventType | SenderIdEventType | WalletEventType;

/** Postgres's 64-bit transaction id (xid8), as text. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * Every event the service emits, kept whether or not it could be delivered.
 * `id` is the event_id (UUID v4) fixed at creation; retries and replays reuse it.
 * The unique indexes make "one event per (recipient x dispatch, type)",
 * "one sms.queued per send" and "one sms.received per MO" hold even when a job
 * is retried after a crash.
 * D24: partitioned by month of `partition_month` (migration 0045; drizzle-kit cannot say so). Each partition has its
 * own primary key on `id` (one on the parent would have to include `partition_month`): ids are random UUIDs, and a
 * lookup by id alone probes each partition's key. No foreign key points here (one to a partitioned table would have
 * to include its partition key): the event's deliveries are written by the same few statements that write the event,
 * in its transaction (emit-events.ts, inbound-events.ts, organization-events.ts, contact-events.ts), and a replay
 * reads the event before it adds a delivery.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').notNull(),
    organizationId: text('organization_id').notNull(),
    appId: text('app_id').notNull(),
    /** The send of the five v1 types; null for inbound and sender ID events. */
    messageId: text('message_id'),
    dispatchId: text('dispatch_id'),
    /** message_recipients.id (one row per recipient per dispatch); null for sms.queued and inbound events. */
    recipientId: bigint('recipient_id', { mode: 'number' }),
    /** inbound_messages.id of an sms.received event. */
    inboundId: text('inbound_id'),
    eventType: text('event_type', { enum: [...EVENT_TYPES, ...INBOUND_EVENT_TYPES, ...SENDER_ID_EVENT_TYPES, ...WALLET_EVENT_TYPES] }).notNull(),
    /** The exact JSON body POSTed: {event_id, event_type, timestamp, message_id | inbound_id, data}. */
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
    /**
     * The transaction that wrote the event (pg_current_xact_id()): consumers of the events (event-consumers.ts) read
     * them in transaction order, up to the oldest transaction still running. Null for events older than migration 0035.
     */
    tx: xid8('tx').default(sql`pg_current_xact_id()`),
    /**
     * D24's partition key: the first instant (UTC) of the month that decides the event's retention, a pure function
     * of its subject, so that an event a retried job emits again computes the same key and meets the unique indexes:
     * an event of a recipient, `recipient_id_month(recipient_id)` (its recipient's month, so both go together); an
     * `sms.queued`, its send's accepted month (`messages.created_at`); an `sms.received`, its MO's `received_at` month;
     * any other (contact, sender ID, wallet), its `created_at` month. Rows from before migration 0045 read January 2000
     * (as recipient ids from before the partitioning do): all in the first partition, FROM (MINVALUE).
     */
    partitionMonth: timestamp('partition_month', { withTimezone: true }).notNull(),
  },
  (t) => [
    // (with the partition key, which a partitioned table's unique index must hold: the key is a function of the
    // subject, so each still means one event per recipient and type, per send, per MO)
    uniqueIndex('webhook_events_recipient_type_uq').on(t.recipientId, t.eventType, t.partitionMonth).where(sql`${t.recipientId} is not null`),
    uniqueIndex('webhook_events_queued_uq').on(t.messageId, t.partitionMonth).where(sql`${t.eventType} = 'sms.queued'`),
    uniqueIndex('webhook_events_received_uq').on(t.inboundId, t.partitionMonth).where(sql`${t.eventType} = 'sms.received'`),
    index('webhook_events_message_idx').on(t.messageId, t.createdAt),
    index('webhook_events_org_idx').on(t.organizationId, t.createdAt),
    // what the consumers read: a send's terminal events, in transaction order
    index('webhook_events_terminal_tx_idx').on(t.tx).where(sql`${t.eventType} in ('sms.delivered', 'sms.failed')`),
    check(
      'webhook_events_subject',
      sql`(${t.eventType} in ('sms.queued', 'sms.processing', 'sms.sent', 'sms.delivered', 'sms.failed') and ${t.messageId} is not null)
        or (${t.eventType} = 'sms.received' and ${t.inboundId} is not null and ${t.messageId} is null)
        or (${t.eventType} in ('contact.opted_out', 'contact.opted_in', 'sender_id.approved', 'sender_id.rejected', 'sender_id.revoked',
                              'wallet.low_balance')
            and ${t.messageId} is null and ${t.inboundId} is null)`,
    ),
  ],
);
