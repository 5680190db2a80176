import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The accepted request times of each (app, bucket) window (D8), a queue:
 * `rl_take` appends one row per accepted request and deletes the rows that
 * left the 60 s window, so a take costs the same whatever the key's limit
 * (the array this replaced was rewritten whole on every take: ~2.6 ms at
 * 3,000 hits with the bench's raised limits). Many rows may share one instant.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    appId: text('app_id').notNull(),
    bucket: text('bucket').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_window_idx').on(t.appId, t.bucket, t.at)],
);
