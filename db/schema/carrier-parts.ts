import { bigint, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Each part accepted by an SMSC (submit_sm_resp OK): its message_id, and the receipt status once known (D14). */
export const carrierParts = pgTable(
  'carrier_parts',
  {
    recipientId: bigint('recipient_id', { mode: 'number' }).notNull(),
    connectorId: text('connector_id').notNull(),
    partNo: integer('part_no').notNull(),
    partsTotal: integer('parts_total').notNull(),
    carrierMessageId: text('carrier_message_id').notNull(),
    /** Receipt `stat:` (DELIVRD, UNDELIV, ...), null until one arrives. */
    stat: text('stat'),
    err: text('err'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.recipientId, t.connectorId, t.partNo] }),
    uniqueIndex('carrier_parts_message_uq').on(t.connectorId, t.carrierMessageId),
  ],
);
