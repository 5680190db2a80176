import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './_columns';

export const DELIVERY_STATES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/**
 * One attempt series of an event to one URL (D10): the initial attempt plus the
 * retries of the schedule. A dashboard replay adds a new delivery of the same event.
 * D24: partitioned by month of `partition_month`, its event's (migration 0045; drizzle-kit cannot say so), so that an
 * event and its deliveries go together. Each partition has its own primary key on `id` (`whd_…`, random); ids are
 * unique by construction. No foreign key to webhook_events, and none from webhook_attempts (one to a partitioned table
 * would have to include its partition key): a delivery is written with its event, in the event's transaction, by the
 * emitters and the replay only (emit-events.ts, inbound-events.ts, organization-events.ts, contact-events.ts,
 * replay-event.ts), and its attempts by the delivery loop, which leased it.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').notNull(),
    eventId: uuid('event_id').notNull(),
    organizationId: text('organization_id').notNull(),
    appId: text('app_id').notNull(),
    url: text('url').notNull(),
    /** The key's Basic credentials go only to webhook_url's origin (D10); decided when the delivery is created. */
    useBasicAuth: boolean('use_basic_auth').notNull().default(false),
    state: text('state', { enum: DELIVERY_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** D24's partition key: its event's `partition_month` (webhook-events.ts), copied when the delivery is written. */
    partitionMonth: timestamp('partition_month', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.state, t.nextAttemptAt),
    index('webhook_deliveries_event_idx').on(t.eventId),
    index('webhook_deliveries_org_idx').on(t.organizationId, t.createdAt),
    /**
     * The delivery claim's per-organization lease (claimDue: an organization's due rows in next_attempt_at, id order,
     * LIMIT perOrgBatch) reads this instead of sorting all of the organization's rows: EXPLAIN ANALYZE with 27,000
     * pending deliveries over 11 organizations, 335 -> 48 ms. Partial: succeeded and failed deliveries (the delivery
     * log, which only grows) are not in it.
     */
    index('webhook_deliveries_pending_org_idx').on(t.organizationId, t.nextAttemptAt, t.id).where(sql`${t.state} = 'pending'`),
    /**
     * The leased deliveries (a run's lease until it records the attempt or gives the lease back), by organization:
     * the claim's "served by another run" test reads these few rows instead of every pending one (it was a
     * sequential scan of the whole table, delivery log included, on every claim).
     */
    index('webhook_deliveries_leased_idx').on(t.organizationId).where(sql`${t.state} = 'pending' and ${t.lockedUntil} is not null`),
  ],
);
