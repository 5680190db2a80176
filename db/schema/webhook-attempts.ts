import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every HTTP attempt of a delivery: when, the status code (null on timeout/connection error), latency, error, the answer's first 1 KB.
 * D24: partitioned by month of `attempted_at` (migration 0039; drizzle-kit cannot say so); each partition has its own
 * primary key on `id` (one on the parent would have to include `attempted_at`), ids come from one sequence.
 * `delivery_id` names a webhook_deliveries row without a foreign key since that table is partitioned too (migration
 * 0045): the delivery loop writes an attempt only for a delivery it leased.
 */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    deliveryId: text('delivery_id').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    latencyMs: integer('latency_ms').notNull(),
    error: text('error'),
    /** The first 1 KB of the receiver's answer body (D16), null when there was no answer. */
    responseBody: text('response_body'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attemptedAt)],
);
