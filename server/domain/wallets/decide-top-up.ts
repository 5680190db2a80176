import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { organizations, topUpRequests } from '@/db/schema';
import type { TopUpRequestView } from '@/shared/contracts/wallet-dashboard';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { ApiError } from '@/shared/errors/api-error';
import { money } from '@/server/lib/money';
import { toTopUpRequestView } from './top-up-requests';
import { topUpWallet } from './top-up';

/**
 * Operator decision on a live top-up request. Confirm credits the wallet with
 * one `top_up` ledger row; reject moves nothing. The request row is locked, so
 * a double click or two operators can never credit twice.
 */
export async function decideTopUp(db: Db, input: { requestId: string; decision: 'confirm' | 'reject'; actor: string; now: Date }): Promise<TopUpRequestView> {
  return db.transaction(async (tx) => {
    const [req] = await tx.select().from(topUpRequests).where(eq(topUpRequests.id, input.requestId)).for('update');
    if (!req) throw new ApiError('NOT_FOUND', { message: 'Top-up request not found.' });
    if (req.state !== 'pending') throw new ApiError('TOP_UP_ALREADY_DECIDED');
    let balance: string | null = null;
    if (input.decision === 'confirm') {
      const [org] = await tx.select({ currency: organizations.currency }).from(organizations).where(eq(organizations.id, req.organizationId));
      const done = await topUpWallet(tx, {
        organizationId: req.organizationId,
        type: req.walletType,
        currency: org.currency,
        amount: money(req.amount),
        actor: input.actor,
        note: `top-up request ${req.id}${req.reference ? ` (ref ${req.reference})` : ''}`,
      });
      balance = done.balance;
    }
    const state = input.decision === 'confirm' ? 'confirmed' : 'rejected';
    const [row] = await tx
      .update(topUpRequests)
      .set({ state, decidedBy: input.actor, decidedAt: input.now })
      .where(eq(topUpRequests.id, req.id))
      .returning();
    await recordAudit(tx, {
      actor: input.actor,
      action: input.decision === 'confirm' ? 'top_up.confirm' : 'top_up.reject',
      targetType: 'top_up_request',
      targetId: req.id,
      organizationId: req.organizationId,
      details: { wallet_type: req.walletType, amount: req.amount, balance },
    });
    return toTopUpRequestView(row);
  });
}
