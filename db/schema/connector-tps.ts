import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The connector's TPS budget of the current 50 ms slice (window_start: the slice's start; used: granted in it), shared
 * by every worker process (D14; server/smpp/client/tps-slices.ts).
 */
export const connectorTps = pgTable('connector_tps', {
  connectorId: text('connector_id').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  used: integer('used').notNull(),
  granted: integer('granted').notNull().default(0),
});
