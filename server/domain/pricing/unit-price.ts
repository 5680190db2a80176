import { money } from '@/server/lib/money';

/** Fallback segment price when the organization has none (spec, Balance). */
export const FALLBACK_UNIT_PRICE = '0.01';

/** The organization's default segment price: what a number no pricing row matches costs, and what GET /balance divides by. */
export function unitPriceOf(defaultPrice: string | null): string {
  return defaultPrice && money(defaultPrice).gt(0) ? defaultPrice : FALLBACK_UNIT_PRICE;
}
