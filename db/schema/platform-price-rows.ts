import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, money } from './_columns';

/**
 * The operator's platform price list (D13): one row per (country, network) with its E.164 prefixes (digits,
 * no '+') and segment price. It prices every organization that has no pricing rows of its own.
 */
export const platformPriceRows = pgTable('platform_price_rows', {
  id: idColumn(),
  country: text('country').notNull(),
  network: text('network').notNull(),
  prefixes: text('prefixes').array().notNull(),
  price: money('price').notNull(),
  createdAt: createdAt(),
});
