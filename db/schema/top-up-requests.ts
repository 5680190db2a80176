import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, money } from './_columns';
import { WALLET_TYPES } from './wallets';

/** Live top-ups: a merchant asks, an operator confirms (then a ledger row credits the wallet) or rejects. */
export const topUpRequests = pgTable(
  'top_up_requests',
  {
    id: idColumn(),
    organizationId: text('organization_id').notNull(),
    walletType: text('wallet_type', { enum: WALLET_TYPES }).notNull(),
    amount: money('amount').notNull(),
    state: text('state', { enum: ['pending', 'confirmed', 'rejected'] }).notNull().default('pending'),
    reference: text('reference'),
    requestedBy: text('requested_by').notNull(),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('top_up_requests_state_idx').on(t.state, t.createdAt), index('top_up_requests_org_idx').on(t.organizationId, t.createdAt)],
);
