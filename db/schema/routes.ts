import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './_columns';

/**
 * A destination prefix (E.164 digits without `+`) -> ordered connector ids (D14).
 * Longest prefix wins; an organization's route beats a platform route (organization_id null) of the same length.
 */
export const routes = pgTable(
  'routes',
  {
    id: idColumn(),
    prefix: text('prefix').notNull(),
    /** '' for a platform route (so that the unique index holds without NULLS NOT DISTINCT). */
    organizationId: text('organization_id').notNull().default(''),
    connectorIds: text('connector_ids').array().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('routes_prefix_org_uq').on(t.prefix, t.organizationId)],
);
