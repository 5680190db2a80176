import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, money } from './_columns';
import { organizations } from './organizations';

/** One row per (country, network) of a merchant: its E.164 prefixes (digits, no '+') and segment price. */
export const pricingRows = pgTable(
  'pricing_rows',
  {
    id: idColumn(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    network: text('network').notNull(),
    prefixes: text('prefixes').array().notNull(),
    price: money('price').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('pricing_rows_org_idx').on(t.organizationId)],
);
