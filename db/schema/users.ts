import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './_columns';

/** Dashboard and console people. Passwords: scrypt (memory-hard), see server/lib/passwords.ts. */
export const users = pgTable(
  'users',
  {
    id: idColumn(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Operators see the console; the first one is created with the CLI. */
    isOperator: boolean('is_operator').notNull().default(false),
    /**
     * Sessions are JWTs carrying the version they were issued under: bumping
     * it (password change, sign-out, member removal, an operator's revoke)
     * turns every older session into a signed-out one.
     */
    sessionVersion: integer('session_version').notNull().default(0),
    /** A one-time password (given by "add member") must be replaced before anything else. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** When the current password stops signing in (one-time passwords: 24 h); null: never. */
    passwordExpiresAt: timestamp('password_expires_at', { withTimezone: true }),
    /** The dashboard language the user chose in Settings (`en`, `fr`; D23); null: the browser's Accept-Language. */
    locale: text('locale'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email), check('users_locale_ck', sql`${t.locale} in ('en', 'fr')`)],
);
