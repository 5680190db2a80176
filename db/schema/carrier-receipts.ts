import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every delivery receipt (deliver_sm esm_class 0x04), stored before deliver_sm_resp; applied once it matches a part. */
export const carrierReceipts = pgTable(
  'carrier_receipts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    connectorId: text('connector_id').notNull(),
    carrierMessageId: text('carrier_message_id').notNull(),
    stat: text('stat').notNull(),
    err: text('err'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [index('carrier_receipts_match_idx').on(t.connectorId, t.carrierMessageId), index('carrier_receipts_pending_idx').on(t.appliedAt, t.receivedAt)],
);
