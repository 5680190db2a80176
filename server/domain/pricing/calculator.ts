import type Decimal from 'decimal.js';
import { ApiError } from '@/shared/errors/api-error';
import { money, round, toAmount } from '@/server/lib/money';
import type { CalculateRequest, CalculateResult } from '@/shared/contracts/calculate';
import { currencySymbol } from './currency';

/**
 * POST /calculate (spec Calculator + D2): the average is the unweighted mean of
 * the merchant's pricing rows rounded half-up to 4 decimals, and both
 * directions compute with that rounded figure so a client can check them.
 */
export function averagePrice(prices: string[]): string {
  if (prices.length === 0) throw new ApiError('NO_PRICING');
  const sum = prices.reduce((acc, p) => acc.plus(p), money(0));
  return round(sum.div(prices.length), 4).toFixed(4);
}

/** SMS an amount buys at a per-segment price: floor(amount / price), 0 at a zero price (D2's arithmetic). */
export function smsBought(amount: Decimal.Value, price: Decimal.Value): number {
  return money(price).isZero() ? 0 : money(amount).div(price).floor().toNumber();
}

export function calculate(input: CalculateRequest, prices: string[], currency: string): CalculateResult {
  const avg = averagePrice(prices);
  const base = { mode: input.mode, average_price: toAmount(avg), currency, currency_symbol: currencySymbol(currency) };
  if (input.mode === 'amount_to_sms') {
    const amount = input.amount!;
    return { ...base, amount, sms_count: smsBought(amount, avg) };
  }
  const smsCount = input.sms_count!;
  return { ...base, amount: toAmount(round(money(smsCount).times(avg), 2)), sms_count: smsCount };
}
