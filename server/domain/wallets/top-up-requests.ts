import { and, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/db/client';
import { topUpRequests, type WalletType } from '@/db/schema';
import type { TopUpInput, TopUpRequestView, TopUpResult, WalletFlag } from '@/shared/contracts/wallet-dashboard';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { newId } from '@/server/lib/ids';
import { money, toAmount, toDbAmount } from '@/server/lib/money';
import { topUpWallet, WALLET_BY_FLAG } from './top-up';

export const FLAG_BY_WALLET: Record<WalletType, WalletFlag> = { SVC_SMS: 'prepaid', SVC_POST_PAID: 'postpaid' };

type RequestRow = typeof topUpRequests.$inferSelect;

export function toTopUpRequestView(r: RequestRow): TopUpRequestView {
  return {
    id: r.id,
    wallet: FLAG_BY_WALLET[r.walletType],
    amount: toAmount(r.amount),
    state: r.state,
    reference: r.reference,
    requested_by: r.requestedBy,
    created_at: r.createdAt.toISOString(),
    decided_at: r.decidedAt ? r.decidedAt.toISOString() : null,
  };
}

/**
 * A merchant's top-up. Sandbox (SMS_ENV=test): test credit at once, one
 * `top_up` ledger row. Live: a pending request that an operator confirms (the
 * money moves then) or rejects. Both audited.
 */
export async function requestTopUp(
  db: Db,
  input: TopUpInput & { organizationId: string; currency: string; environment: 'test' | 'live'; actor: string },
): Promise<TopUpResult> {
  const type = WALLET_BY_FLAG[input.wallet];
  const amount = money(input.amount);
  return db.transaction(async (tx) => {
    if (input.environment === 'test') {
      const done = await topUpWallet(tx, { organizationId: input.organizationId, type, currency: input.currency, amount, actor: input.actor, note: 'sandbox test credit' });
      await recordAudit(tx, {
        actor: input.actor,
        action: 'wallet.top_up',
        targetType: 'wallet',
        targetId: done.walletId,
        organizationId: input.organizationId,
        details: { wallet_type: type, amount: toDbAmount(amount), balance: done.balance, sandbox: true },
      });
      return { mode: 'credited', wallet: input.wallet, amount: toAmount(amount), balance: toAmount(done.balance) };
    }
    const [row] = await tx
      .insert(topUpRequests)
      .values({ id: newId('tur'), organizationId: input.organizationId, walletType: type, amount: toDbAmount(amount), reference: input.reference || null, requestedBy: input.actor })
      .returning();
    await recordAudit(tx, {
      actor: input.actor,
      action: 'top_up.request',
      targetType: 'top_up_request',
      targetId: row.id,
      organizationId: input.organizationId,
      details: { wallet_type: type, amount: row.amount, reference: row.reference },
    });
    return { mode: 'requested', request: toTopUpRequestView(row) };
  });
}

export async function listTopUpRequests(db: DbOrTx, organizationId: string, opts: { pendingOnly?: boolean; limit?: number } = {}): Promise<TopUpRequestView[]> {
  const where = opts.pendingOnly
    ? and(eq(topUpRequests.organizationId, organizationId), eq(topUpRequests.state, 'pending'))
    : eq(topUpRequests.organizationId, organizationId);
  const rows = await db.select().from(topUpRequests).where(where).orderBy(desc(topUpRequests.createdAt), desc(topUpRequests.id)).limit(opts.limit ?? 20);
  return rows.map(toTopUpRequestView);
}
