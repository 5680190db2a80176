import type { DbOrTx } from '@/db/client';
import type { WalletOverview } from '@/shared/contracts/wallet-dashboard';
import { getBalanceBuys } from '@/server/domain/pricing/balance-buys';
import { currencySymbol } from '@/server/domain/pricing/currency';
import { unitPriceOf } from '@/server/domain/pricing/unit-price';
import { ApiError } from '@/shared/errors/api-error';
import { toAmount } from '@/server/lib/money';
import { getBalance } from './get-balance';
import { listWallets } from './list-wallets';

/**
 * The wallet page's figures: the balances of GET /balance (getBalance), which wallets exist, and what the balance
 * buys at the prices a send charges (getBalanceBuys, as the Overview and the Calculator show it). An organization
 * without any wallet yet sees zeros.
 */
export async function getWalletOverview(
  db: DbOrTx,
  org: { id: string; defaultPrice: string | null; currency: string },
  environment: 'test' | 'live',
): Promise<WalletOverview> {
  const base = { currency: org.currency, currency_symbol: currencySymbol(org.currency), environment, default_price: toAmount(unitPriceOf(org.defaultPrice)) };
  try {
    const b = await getBalance(db, org);
    const [rows, buys] = await Promise.all([listWallets(db, org.id), getBalanceBuys(db, org, b.balance)]);
    return {
      ...base,
      currency: b.currency,
      currency_symbol: currencySymbol(b.currency),
      prepaid: rows.SVC_SMS ? b.sms_wallet_balance : null,
      postpaid: rows.SVC_POST_PAID ? b.postpaid_wallet_balance : null,
      balance: b.balance,
      buys,
    };
  } catch (e) {
    if (!(e instanceof ApiError && e.errorName === 'WALLET_NOT_FOUND')) throw e;
    return { ...base, prepaid: null, postpaid: null, balance: 0, buys: await getBalanceBuys(db, org, 0) };
  }
}
