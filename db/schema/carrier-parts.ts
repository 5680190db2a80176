import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Each part accepted by an SMSC (submit_sm_resp OK): its message_id, and the receipt status once known (D14).
 * D24: partitioned by `recipient_id` range with message_recipients' bounds (migration 0044), so a month's parts go
 * with its recipients.
 */
export const carrierParts = pgTable(
  'carrier_parts',
  {
    recipientId: bigint('recipient_id', { mode: 'number' }).notNull(),
    connectorId: text('connector_id').notNull(),
    partNo: integer('part_no').notNull(),
    partsTotal: integer('parts_total').notNull(),
    carrierMessageId: text('carrier_message_id').notNull(),
    /** The id as this connector's receipts write it (receiptKey of its receipt_id_format): what a receipt matches. */
    receiptKey: text('receipt_key').notNull(),
    /** Receipt `stat:` (DELIVRD, UNDELIV, ...), null until one arrives. */
    stat: text('stat'),
    err: text('err'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.recipientId, t.connectorId, t.partNo] }),
    // Only parts still waiting for their receipt. Not unique: an SMSC that numbers its ids 1, 2, 3... starts again
    // after a restart, and a receipt then matches the newest waiting part with that id.
    index('carrier_parts_receipt_idx').on(t.connectorId, t.receiptKey).where(sql`stat is null`),
  ],
);
