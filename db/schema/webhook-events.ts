import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './_columns';

export const EVENT_TYPES = ['sms.queued', 'sms.processing', 'sms.sent', 'sms.delivered', 'sms.failed'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * Every event the service emits, kept whether or not it could be delivered.
 * `id` is the event_id (UUID v4) fixed at creation; retries and replays reuse it.
 * The unique indexes make "one event per (recipient x dispatch, type)" and
 * "one sms.queued per send" hold even when a job is retried after a crash.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey(),
    organizationId: text('organization_id').notNull(),
    appId: text('app_id').notNull(),
    messageId: text('message_id').notNull(),
    dispatchId: text('dispatch_id'),
    /** message_recipients.id (one row per recipient per dispatch); null for sms.queued. */
    recipientId: bigint('recipient_id', { mode: 'number' }),
    eventType: text('event_type', { enum: EVENT_TYPES }).notNull(),
    /** The exact JSON body POSTed: {event_id, event_type, timestamp, message_id, data}. */
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_events_recipient_type_uq').on(t.recipientId, t.eventType).where(sql`${t.recipientId} is not null`),
    uniqueIndex('webhook_events_queued_uq').on(t.messageId).where(sql`${t.eventType} = 'sms.queued'`),
    index('webhook_events_message_idx').on(t.messageId, t.createdAt),
    index('webhook_events_org_idx').on(t.organizationId, t.createdAt),
  ],
);
