import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export type SessionState = { state: 'connecting' | 'bound' | 'down' | 'backoff'; since: string; error?: string };

/**
 * Which worker process holds a connector's sessions (D14: exactly one at a time). The owner renews
 * `expires_at` every second; another worker takes an expired lease over. `sessions` is the owner's live view.
 */
export const connectorLeases = pgTable('connector_leases', {
  connectorId: text('connector_id').primaryKey(),
  owner: text('owner').notNull(),
  /** Unique per acquisition: outbox claims carry it, so a new owner knows older claims are dead. */
  token: text('token').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  sessions: jsonb('sessions').$type<SessionState[]>().notNull().default([]),
  boundSessions: integer('bound_sessions').notNull().default(0),
});
