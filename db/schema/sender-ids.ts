import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './_columns';
import { organizations } from './organizations';

export const SENDER_ID_STATES = ['pending', 'approved', 'rejected', 'revoked'] as const;
export type SenderIdState = (typeof SENDER_ID_STATES)[number];

/**
 * D22: an organization's alphanumeric sender IDs, requested by an owner or developer (dashboard or POST /sender-ids)
 * and reviewed by an operator (console or CLI). pending -> approved | rejected; approved -> revoked. A rejected or
 * revoked one stays as the record of the decision (with its reason); a pending one its organization withdraws is
 * deleted. One organization holds a given sender ID once among its pending and approved rows. `requested_by` and
 * `decided_by` are actors as the audit log names them (`user:usr_…`, `api:app_…`, `cli`).
 */
export const senderIds = pgTable(
  'sender_ids',
  {
    id: idColumn(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id').notNull(),
    state: text('state', { enum: SENDER_ID_STATES }).notNull().default('pending'),
    purpose: text('purpose').notNull(),
    sampleMessage: text('sample_message').notNull(),
    /** Why it was rejected or revoked; null otherwise. */
    reason: text('reason'),
    requestedBy: text('requested_by').notNull(),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sender_ids_org_live_uq').on(t.organizationId, t.senderId).where(sql`${t.state} in ('pending', 'approved')`),
    index('sender_ids_org_idx').on(t.organizationId, t.createdAt),
    index('sender_ids_state_idx').on(t.state, t.createdAt),
    check('sender_ids_reason', sql`(${t.state} in ('rejected', 'revoked')) = (${t.reason} is not null)`),
  ],
);

/**
 * Platform-wide settings an operator changes at run time, one row per name. `default_sender_id` (D22): what a live
 * send without a sender_id goes from; absent, such a send has none (the carrier's own default).
 */
export const platformSettings = pgTable('platform_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  updatedBy: text('updated_by').notNull(),
  updatedAt: updatedAt(),
});
