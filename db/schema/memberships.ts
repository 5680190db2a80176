import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './_columns';
import { organizations } from './organizations';
import { users } from './users';

export const ROLES = ['owner', 'developer', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** A user's role in an organization: owner (everything), developer (keys, sends), viewer (read only). */
export const memberships = pgTable(
  'memberships',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.organizationId] }), index('memberships_org_idx').on(t.organizationId)],
);
