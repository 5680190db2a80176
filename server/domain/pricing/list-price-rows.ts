import type { DbOrTx } from '@/db/client';
import type { PriceRowView, PricingView } from '@/shared/contracts/wallet-dashboard';
import { toAmount } from '@/server/lib/money';
import type { PricingRow } from '@/shared/pricing/pricing';
import { unitPriceOf } from './unit-price';
import { averagePrice } from './calculator';
import { currencySymbol } from './currency';
import { effectivePriceRows } from './effective-rows';

function toView(r: PricingRow): PriceRowView {
  return { id: r.id, country: r.country, network: r.network, prefixes: r.prefixes, price: toAmount(r.price) };
}

/** An organization's own pricing rows (empty when the platform price list prices it), for the operator to edit. */
export async function listOwnPriceRows(db: DbOrTx, organizationId: string): Promise<PriceRowView[]> {
  const { rows, source } = await effectivePriceRows(db, organizationId);
  return source === 'organization' ? rows.map(toView) : [];
}

/** The effective rows behind the calculator (own rows, else the platform list; D13) and the average it uses (D2). */
export async function getPricingView(db: DbOrTx, org: { id: string; defaultPrice: string | null; currency: string }): Promise<PricingView> {
  const { rows, source } = await effectivePriceRows(db, org.id);
  return {
    rows: rows.map(toView),
    source,
    average_price: rows.length ? toAmount(averagePrice(rows.map((r) => r.price))) : null,
    default_price: toAmount(unitPriceOf(org.defaultPrice)),
    currency: org.currency,
    currency_symbol: currencySymbol(org.currency),
  };
}
