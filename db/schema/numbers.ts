import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './_columns';
import { gatewayApps } from './gateway-apps';
import { organizations } from './organizations';

/**
 * D18: the inbound addresses an operator assigns to apps. A dedicated number
 * (8-15 digits, E.164 without `+`) or a short code (3-7 digits); a short code
 * may carry a keyword (2-20 letters or digits). `keyword` is kept as the
 * operator typed it (what events and lists show); `keyword_folded` is its
 * routing form (server/domain/numbers/keyword.ts foldKeyword: accents removed,
 * upper case), '' for a number without keyword, so the unique index makes
 * "one number, or one short code + keyword, belongs to one app" and "one
 * catch-all per short code" one rule. Releasing a number deletes its row.
 */
export const numbers = pgTable(
  'numbers',
  {
    id: idColumn(),
    number: text('number').notNull(),
    keyword: text('keyword'),
    keywordFolded: text('keyword_folded').notNull().default(''),
    appId: text('app_id')
      .notNull()
      .references(() => gatewayApps.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('numbers_number_keyword_uq').on(t.number, t.keywordFolded),
    index('numbers_org_idx').on(t.organizationId, t.number),
    index('numbers_app_idx').on(t.appId),
    check('numbers_number_digits', sql`${t.number} ~ '^[0-9]{3,7}$' or ${t.number} ~ '^[1-9][0-9]{7,14}$'`),
    check(
      'numbers_keyword_short_code',
      sql`(${t.keyword} is null and ${t.keywordFolded} = '') or (${t.number} ~ '^[0-9]{3,7}$' and char_length(${t.keyword}) between 2 and 20 and ${t.keywordFolded} ~ '^[A-Z0-9]{2,20}$')`,
    ),
  ],
);
