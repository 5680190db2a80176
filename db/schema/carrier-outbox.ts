import { sql } from 'drizzle-orm';
import { bigint, integer, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const OUTBOX_STATES = ['queued', 'sent'] as const;

/**
 * One row per recipient handed to a connector (D14, every kind: the simulator's too), until it is terminal.
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
    // Only the rows waiting for a claim: the claim and the sweep's failover read these, and the writes a row takes
    // afterwards (claimed, sent) add no entry here. (Each of those updates changes an indexed column, so it is never
    // HOT: every index whose predicate the new row matches gets an entry. `sent` rows wait for receipts for the whole
    // validity period, millions at volume, and stay out of it.)
    index('carrier_outbox_pick_idx').on(t.connectorId, t.nextAt).where(sql`state = 'queued' and claimed_by is null`),
    // Validity expiry reads only unclaimed rows (a claimed row is in flight): the claim adds no entry here.
    index('carrier_outbox_expiry_idx').on(t.expiresAt).where(sql`claimed_by is null`),
    // Sent rows whose driver acts at `next_at` (the simulator's receipt after its delay, D11).
    index('carrier_outbox_sent_due_idx').on(t.connectorId, t.nextAt).where(sql`state = 'sent'`),
    // Stale claims (sweep) and a lost lease's claims.
    index('carrier_outbox_claimed_idx').on(t.claimedBy).where(sql`claimed_by is not null`),
  ],
);
