import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The connector's TPS budget of the current second, shared by every worker process (D14). */
export const connectorTps = pgTable('connector_tps', {
  connectorId: text('connector_id').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  used: integer('used').notNull(),
  granted: integer('granted').notNull().default(0),
});
