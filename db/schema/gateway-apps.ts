import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './_columns';
import { organizations } from './organizations';

export const KEY_STATUSES = [
  'allowed',
  'pending_validation',
  'suspended',
  'revoqued',
  'locked',
  'expired',
  'rejected',
] as const;
export type KeyStatus = (typeof KEY_STATUSES)[number];

/** Per-app overrides of the D8 bucket sizes; absent buckets use the defaults. */
export type RateLimitOverrides = Partial<Record<'send' | 'status' | 'balance' | 'calculate' | 'control', number>>;

/** A merchant application and its one API key (the spec's "gateway app"). */
export const gatewayApps = pgTable(
  'gateway_apps',
  {
    id: idColumn(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    environment: text('environment', { enum: ['test', 'live'] }).notNull(),
    status: text('status', { enum: KEY_STATUSES }).notNull(),
    /** HMAC-SHA256(APP_SECRET-derived key, plain key), hex. The plain key is never stored. */
    keyDigest: text('key_digest').notNull(),
    keyPrefix: text('key_prefix').notNull(),
    keyLast4: text('key_last4').notNull(),
    keyVersion: integer('key_version').notNull().default(1),
    keyCreatedAt: timestamp('key_created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    webhookUrl: text('webhook_url'),
    webhookUsername: text('webhook_username'),
    /** AES-256-GCM ciphertext (server/lib/crypto.ts); never returned by any API. */
    webhookPasswordEnc: text('webhook_password_enc'),
    /** D18: where sms.received and contact.* events go (webhook_url never gets them); null = none. */
    inboundUrl: text('inbound_url'),
    /** Version of the webhook signing secret (D16), derived from APP_SECRET, the app id and this; rotation bumps it. */
    webhookSecretVersion: integer('webhook_secret_version').notNull().default(1),
    /** Until when the previous signing secret (version - 1) still signs too, after a rotation. */
    webhookSecretPreviousUntil: timestamp('webhook_secret_previous_until', { withTimezone: true }),
    rateLimits: jsonb('rate_limits').$type<RateLimitOverrides>().notNull().default({}),
    /** SMPP access (D15): the bind's system_id (at most 15 characters), null until enabled. */
    smppSystemId: text('smpp_system_id'),
    /** HMAC-SHA256 of the 8-character SMPP password (server/lib/crypto.ts digestSmppPassword); never the password. */
    smppPasswordDigest: text('smpp_password_digest'),
    /** submit_sm per second over SMPP, across every listener process (D15 default 50, operator-settable). */
    smppTps: integer('smpp_tps').notNull().default(50),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('gateway_apps_key_digest_uq').on(t.keyDigest),
    index('gateway_apps_org_idx').on(t.organizationId),
    uniqueIndex('gateway_apps_smpp_system_id_uq').on(t.smppSystemId),
  ],
);
