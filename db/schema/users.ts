import { boolean, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email)],
);
