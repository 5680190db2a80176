import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * D24: what the last run of the partition maintenance (maintain_partitions) did, one row: `npm run admin -- status`
 * and /metrics read it. The partitions themselves are read from the catalog.
 */
export const retentionState = pgTable(
  'retention_state',
  {
    id: boolean('id').primaryKey().default(true),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
    /** The retention cutoff of that run: partitions wholly before it were dropped. */
    lastCutoff: timestamp('last_cutoff', { withTimezone: true }).notNull(),
    lastCreated: text('last_created').array().notNull(),
    lastDropped: text('last_dropped').array().notNull(),
    droppedTotal: integer('dropped_total').notNull().default(0),
  },
  (t) => [check('retention_state_one_row', sql`${t.id}`)],
);
