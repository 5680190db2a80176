import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { gatewayApps } from './gateway-apps';

/**
 * The live SMPP sessions of merchants' ESMEs (D15: at most 4 per app, across every listener process). A listener
 * inserts a row when a bind succeeds, refreshes `seen_at` every few seconds while the session lives, and deletes it
 * when the session ends; a row not refreshed for 30 s belongs to a listener that died and no longer counts.
 */
export const smppBinds = pgTable(
  'smpp_binds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => gatewayApps.id, { onDelete: 'cascade' }),
    /** transmitter | receiver | transceiver */
    mode: text('mode', { enum: ['transmitter', 'receiver', 'transceiver'] }).notNull(),
    listener: text('listener').notNull(),
    remote: text('remote').notNull(),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('smpp_binds_app_idx').on(t.appId, t.seenAt)],
);
