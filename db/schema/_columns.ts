import { numeric, text, timestamp } from 'drizzle-orm/pg-core';

/** Prefixed text primary key (`org_…`, `app_…`); values come from server/lib/ids.ts. */
export const idColumn = () => text('id').primaryKey();

/** Money: numeric(18,4) read and written as decimal strings, never floats. */
export const money = (name: string) => numeric(name, { precision: 18, scale: 4, mode: 'string' });

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
