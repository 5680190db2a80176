import { bigserial, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * D18: parts of concatenated MO that wait for the rest (UDH with an 8- or 16-bit reference, or SAR TLVs), stored
 * before their deliver_sm_resp. A concatenation is (connector, source, destination, reference, total); it holds at
 * most `total` rows (1-255, one octet in both UDH and SAR), one per sequence number. Its rows are deleted when it is
 * joined into an inbound_messages row: once every part is here, or by the sweep 5 minutes after its first part.
 */
export const carrierMoParts = pgTable(
  'carrier_mo_parts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    connectorId: text('connector_id').notNull(),
    source: text('source').notNull(),
    destination: text('destination').notNull(),
    /** `udh8:<n>`, `udh16:<n>` or `sar:<n>`: references of different kinds never mix. */
    ref: text('ref').notNull(),
    total: integer('total').notNull(),
    seq: integer('seq').notNull(),
    dataCoding: integer('data_coding').notNull(),
    /** The part's octets without its UDH, hex. */
    payload: text('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carrier_mo_parts_slot_uq').on(t.connectorId, t.source, t.destination, t.ref, t.total, t.seq),
    index('carrier_mo_parts_received_idx').on(t.receivedAt),
  ],
);

/**
 * D18's resend rule: the hash of every MO PDU (connector, source, destination, coding and octets) for 60 s. A PDU
 * whose hash was seen less than 60 s before is the carrier sending it again: acknowledged, not stored twice. Rows
 * older than the window are swept.
 */
export const carrierMoSeen = pgTable(
  'carrier_mo_seen',
  {
    connectorId: text('connector_id').notNull(),
    hash: text('hash').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.connectorId, t.hash] }), index('carrier_mo_seen_at_idx').on(t.seenAt)],
);
