import { sql } from 'drizzle-orm';
import { check, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, money, updatedAt } from './_columns';
import { organizations } from './organizations';

export const WALLET_TYPES = ['SVC_SMS', 'SVC_POST_PAID'] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

/**
 * One prepaid (SVC_SMS) and at most one postpaid (SVC_POST_PAID) wallet per
 * organization. `balance` always equals the sum of the wallet's ledger rows,
 * and the CHECK makes a negative balance impossible whatever the concurrency.
 */
export const wallets = pgTable(
  'wallets',
  {
    id: idColumn(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    type: text('type', { enum: WALLET_TYPES }).notNull(),
    currency: text('currency').notNull(),
    balance: money('balance').notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('wallets_org_type_uq').on(t.organizationId, t.type),
    check('wallets_balance_non_negative', sql`${t.balance} >= 0`),
  ],
);
