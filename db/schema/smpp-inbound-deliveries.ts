import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * MO owed to merchants' ESMEs (D18 over D15's sessions): one row per routed inbound_messages row of an app with SMPP
 * credentials, written in the transaction that stores the MO (receiveInbound). A listener with a receiver or
 * transceiver session of the app claims it, sends its deliver_sm part by part on that session, and deletes it once
 * every part got deliver_sm_resp 0; otherwise `parts_done` keeps how many leading parts were taken and the rest is
 * tried again (`next_at`) until `expires_at` (72 h). The text, addresses and encoding are read from the MO's row.
 */
export const smppInboundDeliveries = pgTable(
  'smpp_inbound_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: text('app_id').notNull(),
    /** inbound_messages.id; unique: an MO is owed once, whichever session takes it. */
    inboundId: text('inbound_id').notNull().unique(),
    /** Leading deliver_sm parts an ESME answered with 0 (a retry resumes after them, same concatenation reference). */
    partsDone: integer('parts_done').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
    claimedBy: text('claimed_by'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('smpp_inbound_deliveries_due_idx').on(t.appId, t.nextAt).where(sql`claimed_by is null`),
    index('smpp_inbound_deliveries_expiry_idx').on(t.expiresAt),
  ],
);
