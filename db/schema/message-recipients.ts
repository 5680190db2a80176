import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { RECIPIENT_STATE_VALUES } from '../../shared/contracts/reconcile';
import { money } from './_columns';

export type RecipientState = (typeof RECIPIENT_STATE_VALUES)[number];

/**
 * One row per recipient per dispatch (a "delivery" in D5's counting).
 * D24: partitioned by `id` range (migration 0044; drizzle-kit cannot say so), one partition per month's block of ids
 * (recipient_id_month): the maintenance moves the id sequence to the current month's block, so a month of recipients
 * is one partition, dropped whole after RETENTION_DAYS. The primary key contains the partition key and stays on `id`.
 */
export const messageRecipients = pgTable(
  'message_recipients',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: text('message_id').notNull(),
    /** Its dispatch (no foreign key: db/schema/messages.ts says why). */
    dispatchId: text('dispatch_id').notNull(),
    /** Its send's organization (messages.organization_id), carried so that a tenant's reads by phone stay within the tenant (D24). */
    organizationId: text('organization_id').notNull(),
    /** Index of the number in the request's `to` array. */
    position: integer('position').notNull(),
    phone: text('phone').notNull(),
    /** Segment price applied (D2), and the row that gave it (null: default price). */
    price: money('price').notNull(),
    pricingRowId: text('pricing_row_id'),
    state: text('state', { enum: RECIPIENT_STATE_VALUES }).notNull().default('pending'),
    carrier: text('carrier'),
    /** D14: the first part's message_id from the SMSC's submit_sm_resp (SMPP connectors only). */
    carrierMessageId: text('carrier_message_id'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // By dispatch only: with `state` in an index, every transition (3 per recipient) was a non-HOT update that wrote a
    // new entry in each of the table's 4 indexes; without it, and with room on the page (fillfactor, migration 0019),
    // a transition rewrites the row in place (a HOT update). A dispatch's steps read all its rows anyway.
    index('message_recipients_dispatch_idx').on(t.dispatchId),
    index('message_recipients_message_idx').on(t.messageId, t.phone),
    // Keyset pages of one message's deliveries (GET /messages/{id}/recipients, the dashboard).
    index('message_recipients_message_id_idx').on(t.messageId, t.id),
    // The Inbox's sends of a conversation and D18's in_reply_to (an organization's latest send to the phone an MO came
    // from): one range of the tenant's own deliveries to the phone, not every organization's (D24), in id order, so
    // that in_reply_to reads it backwards and stops at the first send of its window (migration 0047). The id defeats
    // the deduplication of an organization's many sends to one phone (about 14 bytes a recipient without it, about 40
    // with it). No column of it ever changes, so the transitions stay HOT updates.
    index('message_recipients_org_phone_id_idx').on(t.organizationId, t.phone, t.id),
  ],
);
