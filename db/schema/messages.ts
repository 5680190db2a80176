import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, money, updatedAt } from './_columns';

export const SENDING_TYPES = ['immediate', 'scheduled', 'recurring'] as const;
export type SendingType = (typeof SENDING_TYPES)[number];

/** Merchant control state; the aggregate status of D5 is derived from it and the counters. */
/**
 * How the send reached us: the REST API, SMPP (D15), or the dashboard's Compose (the same submit as the REST API, as
 * one of the organization's apps), or the gateway itself replying to a D19 keyword (`keyword`). A text column: a new
 * value needs no migration. Dashboard sends made before `dashboard` existed read `api`.
 */
export const MESSAGE_CHANNELS = ['api', 'smpp', 'dashboard', 'keyword'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** What a keyword reply answers (D19): the values of sms.received's `opt_out`. */
export const KEYWORD_REPLIES = ['stop', 'start', 'help'] as const;
export type KeywordReply = (typeof KEYWORD_REPLIES)[number];

export const MESSAGE_CONTROL_STATES = ['active', 'paused', 'cancelled'] as const;
export type MessageControlState = (typeof MESSAGE_CONTROL_STATES)[number];

/**
 * One accepted send (the spec's `message_id`), covering every recipient and
 * every dispatch. Counters are kept by the statements that move recipients in
 * sets, so GET /status never scans a big send.
 */
export const messages = pgTable(
  'messages',
  {
    id: idColumn(),
    // No foreign keys on a send's rows (migration 0036): the send writes the message, its dispatches and recipients in
    // one statement, for an organization and app it has just authenticated, and none of these rows is ever deleted.
    // Each key check was a locked lookup per row, and every concurrent send of a merchant share-locked the same
    // organization and app rows (multixacts on the hottest rows of the database).
    organizationId: text('organization_id').notNull(),
    appId: text('app_id').notNull(),
    sendingType: text('sending_type', { enum: SENDING_TYPES }).notNull(),
    /**
     * The text of a send accepted before migration 0049 (what phones get, and what segments and cost count). A send
     * accepted since keeps its text in message_texts, dropped with its recipients' month (D24), and null here.
     */
    body: text('body'),
    /** D21, before migration 0049: the text as the sender wrote it, when smart encoding replaced characters in it. */
    originalBody: text('original_body'),
    /**
     * D24: the id of the send's first recipient row (or, for a send without one, the recipient id sequence's value
     * then): the key of its text in message_texts, partitioned like the recipients. Null before migration 0049.
     */
    firstRecipientId: bigint('first_recipient_id', { mode: 'number' }),
    senderId: text('sender_id'),
    encoding: text('encoding', { enum: ['GSM-7', 'UCS-2'] }).notNull(),
    segments: integer('segments').notNull(),
    totalRecipients: integer('total_recipients').notNull(),
    dispatchesTotal: integer('dispatches_total').notNull(),
    totalMessages: integer('total_messages').notNull(),
    totalCost: money('total_cost').notNull(),
    /**
     * What went back to the wallets for this send (D20, GET /status): dispatches cancelled or skipped (D6) and
     * recipients no carrier accepted. Kept by the statement that writes the refund's ledger rows (refundMessage),
     * so it always equals the sum of the message's `refund` rows and GET /status reads it from this row.
     */
    refundedAmount: money('refunded_amount').notNull().default('0'),
    currency: text('currency').notNull(),
    callbackUrl: text('callback_url'),
    /** The schedule as submitted (scheduled_dates or recurring_schedule), for display. */
    schedule: jsonb('schedule'),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull().default('api'),
    /** SMPP only: the submit_sm's registered_delivery (receipts back as deliver_sm when it asks, D15). */
    smppRegisteredDelivery: integer('smpp_registered_delivery'),
    /** SMPP only: the UDH (hex) of a concatenated part an ESME sent, passed on to carrier connectors with the part. */
    smppUdh: text('smpp_udh'),
    /**
     * D19: the keyword this send answers (channel `keyword`), null for every other send. The reply to `stop` goes to a
     * phone that is on the list by then: it alone is exempt from suppression, at the send and at its dispatch.
     */
    keywordReply: text('keyword_reply', { enum: KEYWORD_REPLIES }),
    controlState: text('control_state', { enum: MESSAGE_CONTROL_STATES }).notNull().default('active'),
    /** Deliveries (recipient x dispatch) picked up by the carrier connector so far. */
    pickedUp: integer('picked_up').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** Deliveries that will never be attempted (cancelled, or skipped while paused). */
    cancelled: integer('cancelled').notNull().default(0),
    dispatchesDone: integer('dispatches_done').notNull().default(0),
    nextDispatchAt: timestamp('next_dispatch_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** Time of the last state change (spec). */
    updatedAt: updatedAt(),
  },
  (t) => [index('messages_org_created_idx').on(t.organizationId, t.createdAt)],
);
