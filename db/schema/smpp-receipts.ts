import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Delivery receipts owed to merchants' ESMEs (D15): one row per terminal recipient of an SMPP send whose
 * registered_delivery asked for it, written in the transaction that records the terminal event (emitEvents). A
 * listener with a receiver or transceiver session of the app claims it, sends deliver_sm, and deletes it once
 * deliver_sm_resp says 0; otherwise it is tried again (`next_at`) until `expires_at` (72 h).
 */
export const smppReceipts = pgTable(
  'smpp_receipts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: text('app_id').notNull(),
    messageId: text('message_id').notNull(),
    recipientId: bigint('recipient_id', { mode: 'number' }),
    /** The terminal event this receipt reports (unique: a retried job never owes two receipts). */
    eventId: uuid('event_id').notNull().unique(),
    phone: text('phone').notNull(),
    senderId: text('sender_id'),
    /** Appendix B `stat:` word: DELIVRD, UNDELIV, EXPIRED, REJECTD. */
    stat: text('stat').notNull(),
    err: text('err').notNull(),
    /** The first 20 characters of the message (Appendix B `text:`). */
    text: text('text').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
    claimedBy: text('claimed_by'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('smpp_receipts_due_idx').on(t.appId, t.nextAt).where(sql`claimed_by is null`),
    index('smpp_receipts_expiry_idx').on(t.expiresAt),
  ],
);
