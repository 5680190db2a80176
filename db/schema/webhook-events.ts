import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey(),
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
  },
  (t) => [
    uniqueIndex('webhook_events_recipient_type_uq').on(t.recipientId, t.eventType).where(sql`${t.recipientId} is not null`),
    uniqueIndex('webhook_events_queued_uq').on(t.messageId).where(sql`${t.eventType} = 'sms.queued'`),
    uniqueIndex('webhook_events_received_uq').on(t.inboundId).where(sql`${t.eventType} = 'sms.received'`),
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
