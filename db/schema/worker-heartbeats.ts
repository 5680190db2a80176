import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Each running worker upserts its row every few seconds; GET /health reads the freshest. */
export const workerHeartbeats = pgTable('worker_heartbeats', {
  workerId: text('worker_id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});
