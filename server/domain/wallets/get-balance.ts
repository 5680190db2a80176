import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { wallets } from '@/db/schema';
import { unitPriceOf } from '@/server/domain/pricing/unit-price';
import { ApiError } from '@/shared/errors/api-error';
import { money, toAmount } from '@/server/lib/money';
import type { Balance } from '@/shared/contracts/balance';

/** GET /balance: both wallets (0 when absent), the default unit price, floor(balance / unit_price). */
export async function getBalance(
  db: DbOrTx,
  org: { id: string; defaultPrice: string | null; currency: string },
): Promise<Balance> {
  const rows = await db
    .select({ type: wallets.type, balance: wallets.balance, currency: wallets.currency })
    .from(wallets)
    .where(eq(wallets.organizationId, org.id));
  if (rows.length === 0) throw new ApiError('WALLET_NOT_FOUND');
  const prepaid = rows.find((r) => r.type === 'SVC_SMS');
  const postpaid = rows.find((r) => r.type === 'SVC_POST_PAID');
  const total = money(prepaid?.balance ?? 0).plus(postpaid?.balance ?? 0);
  const unitPrice = unitPriceOf(org.defaultPrice);
  return {
    balance: toAmount(total),
    sms_wallet_balance: toAmount(prepaid?.balance ?? 0),
    postpaid_wallet_balance: toAmount(postpaid?.balance ?? 0),
    // The primary (prepaid) wallet settles; a postpaid-only merchant settles in the postpaid currency.
    currency: (prepaid ?? postpaid)!.currency,
    unit_price: toAmount(unitPrice),
    available_sms: total.div(unitPrice).floor().toNumber(),
  };
}
