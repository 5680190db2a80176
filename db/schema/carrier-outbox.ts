import { sql } from 'drizzle-orm';
import { bigint, integer, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const OUTBOX_STATES = ['queued', 'sent'] as const;

/**
 * One row per recipient handed to an SMPP route, until it is terminal (D14).
 * `queued`: waits for the owner of `connector_id` (claimed_by = the owner's lease token while a submit_sm is
 * in flight); `sent`: every part accepted, waiting for receipts until `expires_at`.
 */
export const carrierOutbox = pgTable(
  'carrier_outbox',
  {
    recipientId: bigint('recipient_id', { mode: 'number' }).primaryKey(),
    dispatchId: text('dispatch_id').notNull(),
    state: text('state', { enum: OUTBOX_STATES }).notNull().default('queued'),
    /** The route's connector ids, in order; `route_idx` points at `connector_id`. */
    route: text('route').array().notNull(),
    routeIdx: integer('route_idx').notNull().default(0),
    connectorId: text('connector_id').notNull(),
    /** Rounds through the whole route that ended in a retryable error (backoff exponent). */
    rounds: integer('rounds').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the row was handed to `connector_id` (failover of a connector that is not bound waits a grace period). */
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    claimedBy: text('claimed_by'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** Validity end: queued rows and sent rows without a final receipt fail EXPIRED after it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('carrier_outbox_pick_idx').on(t.connectorId, t.state, t.nextAt),
    index('carrier_outbox_expiry_idx').on(t.expiresAt),
    // The every-second sweep (failover of unbound connectors, stale claims) across every connector: without these it
    // reads every row, and `sent` rows wait for receipts for the whole validity period (millions at volume).
    index('carrier_outbox_waiting_idx').on(t.nextAt).where(sql`state = 'queued' and claimed_by is null`),
    index('carrier_outbox_claimed_idx').on(t.claimedBy).where(sql`claimed_by is not null`),
  ],
);
