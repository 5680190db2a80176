import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './_columns';
import { organizations } from './organizations';

export const OPT_OUT_SOURCES = ['keyword', 'api', 'dashboard', 'import'] as const;
export type OptOutSource = (typeof OPT_OUT_SOURCES)[number];

/**
 * D19: each organization's opt-out list, one row per phone (E.164).
 * The primary key (organization_id, phone) is the uniqueness rule and the
 * suppression lookup the send paths will make (`organization_id = $1 and
 * phone = any($2)`: one index probe per recipient, whatever the list's size);
 * opt_outs_newest_idx serves the newest-first keyset pages.
 */
export const optOuts = pgTable(
  'opt_outs',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    source: text('source', { enum: OPT_OUT_SOURCES }).notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.phone] }),
    // Ascending: `order by created_at desc, phone desc` reads it backwards (a DESC NULLS LAST index would not serve it).
    index('opt_outs_newest_idx').on(t.organizationId, t.createdAt, t.phone),
    check('opt_outs_source_known', sql`${t.source} in ('keyword', 'api', 'dashboard', 'import')`),
    check('opt_outs_reason_length', sql`char_length(${t.reason}) <= 200`),
    check('opt_outs_phone_e164', sql`${t.phone} ~ '^\\+[1-9][0-9]{6,14}$'`),
  ],
);
