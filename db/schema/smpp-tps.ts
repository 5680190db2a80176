import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** An app's SMPP submit_sm budget of the current second, shared by every listener process (D15). */
export const smppTpsWindows = pgTable('smpp_tps', {
  appId: text('app_id').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  used: integer('used').notNull(),
});
