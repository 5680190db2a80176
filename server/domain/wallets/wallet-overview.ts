import type { DbOrTx } from '@/db/client';
import type { WalletOverview } from '@/server/contracts/wallet-dashboard';
import { currencySymbol } from '@/server/domain/pricing/currency';
import { ApiError } from '@/server/errors/api-error';
import { toAmount } from '@/server/lib/money';
import { getBalance, unitPriceOf } from './get-balance';
import { listWallets } from './list-wallets';

/**
 * The wallet page's figures: GET /balance's own computation (getBalance), plus
 * which wallets exist. An organization without any wallet yet sees zeros.
 */
export async function getWalletOverview(
  db: DbOrTx,
  org: { id: string; defaultPrice: string | null; currency: string },
  environment: 'test' | 'live',
): Promise<WalletOverview> {
  const base = { currency: org.currency, currency_symbol: currencySymbol(org.currency), environment };
  try {
    const b = await getBalance(db, org);
    const rows = await listWallets(db, org.id);
    return {
      ...base,
      currency: b.currency,
      currency_symbol: currencySymbol(b.currency),
      prepaid: rows.SVC_SMS ? b.sms_wallet_balance : null,
      postpaid: rows.SVC_POST_PAID ? b.postpaid_wallet_balance : null,
      balance: b.balance,
      unit_price: b.unit_price,
      available_sms: b.available_sms,
    };
  } catch (e) {
    if (!(e instanceof ApiError && e.errorName === 'WALLET_NOT_FOUND')) throw e;
    return { ...base, prepaid: null, postpaid: null, balance: 0, unit_price: toAmount(unitPriceOf(org.defaultPrice)), available_sms: 0 };
  }
}
