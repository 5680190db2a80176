import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { organizations, wallets } from '@/db/schema';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { ApiError } from '@/shared/errors/api-error';
import { money, toAmount, toDbAmount } from '@/server/lib/money';
import { postLedgerEntry } from './ledger';
import { ensureWallet } from './top-up';

/**
 * Postpaid agreement: sets the postpaid (SVC_POST_PAID) wallet to `amount` by
 * posting the difference as one `adjustment` ledger row (none when equal), so
 * the balance still equals the sum of its ledger. The wallet row is locked
 * first: a send charging it concurrently is applied before or after, never lost.
 */
export async function setCreditLine(db: Db, input: { organizationId: string; amount: string; actor: string }): Promise<{ postpaid: number; adjustment: number }> {
  const target = money(input.amount);
  return db.transaction(async (tx) => {
    const [org] = await tx.select({ currency: organizations.currency }).from(organizations).where(eq(organizations.id, input.organizationId));
    if (!org) throw new ApiError('NOT_FOUND', { message: 'Merchant not found.' });
    const walletId = await ensureWallet(tx, input.organizationId, 'SVC_POST_PAID', org.currency);
    const [w] = await tx.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.id, walletId)).for('update');
    const diff = target.minus(w.balance);
    if (!diff.isZero()) {
      const after = await postLedgerEntry(tx, { walletId, amount: diff, entryType: 'adjustment', actor: input.actor, note: `postpaid credit line set to ${toDbAmount(target)}` });
      if (after === null) throw new Error('credit line adjustment refused');
    }
    await recordAudit(tx, {
      actor: input.actor,
      action: 'wallet.credit_line',
      targetType: 'wallet',
      targetId: walletId,
      organizationId: input.organizationId,
      details: { from: w.balance, to: toDbAmount(target), adjustment: toDbAmount(diff) },
    });
    return { postpaid: toAmount(target), adjustment: toAmount(diff) };
  });
}
