import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Exact sliding windows (D8): the accepted request times of the last 60 s per
 * (app, bucket). Read and written only by the SQL function `rl_take`
 * (migration 0001), so every instance shares one window.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    appId: text('app_id').notNull(),
    bucket: text('bucket').notNull(),
    hits: timestamp('hits', { withTimezone: true }).array().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.appId, t.bucket] })],
);
