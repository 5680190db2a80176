import { sql } from 'drizzle-orm';
import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every delivery receipt (deliver_sm esm_class 0x04), stored before deliver_sm_resp and, when its part is recorded,
 * applied in the same transaction (D14). `applied_at` null: final and not matched yet (it waits for its part for
 * RECEIPT_WAIT, then counts as unmatched); a receipt that is not final is stored applied.
 * D24: partitioned by month of `received_at` (migration 0039; drizzle-kit cannot say so); each partition has its own
 * primary key on `id` (one on the parent would have to include `received_at`), ids come from one sequence.
 */
export const carrierReceipts = pgTable(
  'carrier_receipts',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    connectorId: text('connector_id').notNull(),
    /** The id as the SMSC wrote it. */
    carrierMessageId: text('carrier_message_id').notNull(),
    /** The same id in the form parts are keyed by (receiptKey of the connector's receipt_id_format). */
    receiptKey: text('receipt_key').notNull(),
    stat: text('stat').notNull(),
    err: text('err'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    index('carrier_receipts_pending_idx').on(t.connectorId, t.receiptKey).where(sql`applied_at is null`),
    index('carrier_receipts_unmatched_idx').on(t.receivedAt).where(sql`applied_at is null`),
  ],
);
