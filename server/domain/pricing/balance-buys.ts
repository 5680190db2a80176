import type { DbOrTx } from '@/db/client';
import type { BalanceBuys } from '@/shared/contracts/wallet-dashboard';
import { money, toAmount } from '@/server/lib/money';
import { unitPriceOf } from './unit-price';
import { averagePrice, smsBought } from './calculator';
import { effectivePriceRows, type EffectivePricing } from './effective-rows';

/**
 * What a balance buys, the one figure the Overview, the Wallet and the Calculator show: at the plain mean of the
 * organization's effective rows (its own, else the platform list: what a send charges by, D13), rounded as POST
 * /calculate rounds it (D2), so `sms` is exactly /calculate's `sms_count` for that amount. Only an organization
 * with no rows anywhere counts at the default price, which is then what each of its numbers pays.
 */
export function balanceBuys(balance: number | string, pricing: EffectivePricing, defaultPrice: string | null): BalanceBuys {
  const { rows, source } = pricing;
  if (rows.length === 0) {
    const price = unitPriceOf(defaultPrice);
    return { sms: smsBought(balance, price), price: toAmount(price), basis: 'default_price', networks: 0, source, lowest: null, highest: null };
  }
  const prices = rows.map((r) => money(r.price));
  const average = averagePrice(rows.map((r) => r.price));
  return {
    sms: smsBought(balance, average),
    price: toAmount(average),
    basis: 'networks_average',
    networks: rows.length,
    source,
    lowest: toAmount(prices.reduce((a, b) => (b.lt(a) ? b : a))),
    highest: toAmount(prices.reduce((a, b) => (b.gt(a) ? b : a))),
  };
}

/** balanceBuys on the organization's effective rows, read now. */
export async function getBalanceBuys(db: DbOrTx, org: { id: string; defaultPrice: string | null }, balance: number | string): Promise<BalanceBuys> {
  return balanceBuys(balance, await effectivePriceRows(db, org.id), org.defaultPrice);
}
