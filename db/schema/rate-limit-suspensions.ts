import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Rejected-request times per app and the 1302 suspension end (D8); maintained by `rl_take`. */
export const rateLimitSuspensions = pgTable('rate_limit_suspensions', {
  appId: text('app_id').primaryKey(),
  rejected: timestamp('rejected', { withTimezone: true }).array().notNull().default([]),
  suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
});
