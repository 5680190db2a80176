import { bigserial, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, money } from './_columns';
import { wallets } from './wallets';

export const LEDGER_ENTRY_TYPES = ['top_up', 'charge', 'refund', 'adjustment'] as const;
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number];

/**
 * Append-only (a trigger rejects UPDATE and DELETE). `amount` is signed:
 * credits positive, debits negative. A send's charge is one row per wallet it
 * drew from, referencing the message; a cancel's refund likewise.
 */
export const walletLedger = pgTable(
  'wallet_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    walletId: text('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id').notNull(),
    entryType: text('entry_type', { enum: LEDGER_ENTRY_TYPES }).notNull(),
    amount: money('amount').notNull(),
    balanceAfter: money('balance_after').notNull(),
    /** The send this movement belongs to (charge, refund), if any. */
    messageId: text('message_id'),
    /** Who caused it: `cli`, `api:<app_id>`, `user:<id>`, `system`. */
    actor: text('actor').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('wallet_ledger_wallet_idx').on(t.walletId, t.id),
    index('wallet_ledger_org_idx').on(t.organizationId, t.createdAt),
    index('wallet_ledger_message_idx').on(t.messageId),
  ],
);
