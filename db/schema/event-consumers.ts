import { customType, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * Each consumer of webhook_events (the one record of what happened) and how far it has read: every event written by a
 * transaction below `done_below` is consumed (server/domain/webhooks/event-consumers.ts).
 */
export const eventConsumers = pgTable('event_consumers', {
  name: text('name').primaryKey(),
  doneBelow: xid8('done_below').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
