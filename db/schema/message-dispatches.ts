import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, money } from './_columns';

export const DISPATCH_STATES = ['scheduled', 'running', 'done', 'cancelled', 'skipped'] as const;
export type DispatchState = (typeof DISPATCH_STATES)[number];

/** One moment at which every recipient of a message is sent (one for immediate sends). */
export const messageDispatches = pgTable(
  'message_dispatches',
  {
    id: idColumn(),
    /** Its message (no foreign key: db/schema/messages.ts says why). */
    messageId: text('message_id').notNull(),
    seq: integer('seq').notNull(),
    /** The dispatch moment; null for an immediate send. */
    dispatchAt: timestamp('dispatch_at', { withTimezone: true }),
    state: text('state', { enum: DISPATCH_STATES }).notNull().default('scheduled'),
    /** Reserved cost of this dispatch (sum of its recipients' prices x segments). */
    cost: money('cost').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** Set when this dispatch's reserved cost went back to the wallets (cancel, or skipped while paused). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * D24: the id of its first recipient row (written by the send's statement): the statements that read a dispatch's
     * recipients bound the ids from it, so they read one or two of message_recipients' partitions, not all of them
     * (`dispatchRecipientIds`). Null for dispatches written before migration 0044.
     */
    firstRecipientId: bigint('first_recipient_id', { mode: 'number' }),
  },
  (t) => [uniqueIndex('message_dispatches_msg_seq_uq').on(t.messageId, t.seq), index('message_dispatches_due_idx').on(t.state, t.dispatchAt)],
);
