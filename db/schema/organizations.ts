import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, money, updatedAt } from './_columns';

export const organizations = pgTable('organizations', {
  id: idColumn(),
  name: text('name').notNull(),
  /** IANA zone in which scheduled dates are read (D4). */
  timezone: text('timezone').notNull().default('Africa/Kinshasa'),
  /** ISO 3166 alpha-2 country used to normalize national numbers (D3). */
  defaultCountry: text('default_country').notNull().default('CD'),
  /** Price of a segment to a number that matches no pricing row; null = 0.01 (D2). */
  defaultPrice: money('default_price'),
  /** ISO 4217 settlement currency of the organization's wallets. */
  currency: text('currency').notNull().default('USD'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
