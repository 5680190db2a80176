import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { pricingRows } from '@/db/schema';
import type { PriceRowView, PricingView } from '@/server/contracts/wallet-dashboard';
import { unitPriceOf } from '@/server/domain/wallets/get-balance';
import { toAmount } from '@/server/lib/money';
import { averagePrice } from './calculator';
import { currencySymbol } from './currency';

async function rawRows(db: DbOrTx, organizationId: string) {
  return db
    .select()
    .from(pricingRows)
    .where(eq(pricingRows.organizationId, organizationId))
    .orderBy(asc(pricingRows.country), asc(pricingRows.network), asc(pricingRows.id));
}

function toView(r: Awaited<ReturnType<typeof rawRows>>[number]): PriceRowView {
  return { id: r.id, country: r.country, network: r.network, prefixes: r.prefixes, price: toAmount(r.price) };
}

export async function listPriceRows(db: DbOrTx, organizationId: string): Promise<PriceRowView[]> {
  return (await rawRows(db, organizationId)).map(toView);
}

/** The rows behind the calculator and the average it uses (the calculator's own averagePrice, D2). */
export async function getPricingView(db: DbOrTx, org: { id: string; defaultPrice: string | null; currency: string }): Promise<PricingView> {
  const rows = await rawRows(db, org.id);
  return {
    rows: rows.map(toView),
    average_price: rows.length ? toAmount(averagePrice(rows.map((r) => r.price))) : null,
    default_price: toAmount(unitPriceOf(org.defaultPrice)),
    currency: org.currency,
    currency_symbol: currencySymbol(org.currency),
  };
}
