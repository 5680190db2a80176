import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Exact sliding windows (D8), one row per (app, bucket): `live` counts the
 * accepted requests of the last 60 s, whose times are rows of
 * rate_limit_hits. The row is locked by each take, so every instance shares
 * one window. Read and written only by the SQL function `rl_take` (migration
 * 0005).
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    appId: text('app_id').notNull(),
    bucket: text('bucket').notNull(),
    live: integer('live').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appId, t.bucket] })],
);
