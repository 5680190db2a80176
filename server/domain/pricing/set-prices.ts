import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { pricingRows } from '@/db/schema';
import { newId } from '@/server/lib/ids';
import { parseAmount, toDbAmount } from '@/server/lib/money';

export type PriceRowInput = { country: string; network: string; prefixes: string[]; price: string };

/**
 * Parses the operator notation `CC:Network:prefix[,prefix]:price`, e.g.
 * `CD:Vodacom:24381,24382,24383:0.0200`. Prefixes are E.164 digits (a leading
 * `+` is accepted and dropped). Returns an error text instead of throwing.
 */
export function parsePriceSpec(spec: string): PriceRowInput | string {
  const parts = spec.split(':');
  if (parts.length !== 4) return `bad --price "${spec}": expected CC:Network:prefix[,prefix]:price`;
  const [country, network, prefixList, priceText] = parts.map((p) => p.trim());
  if (!/^[A-Z]{2}$/.test(country)) return `bad --price "${spec}": country must be an ISO 3166 alpha-2 code such as CD`;
  if (!network) return `bad --price "${spec}": network is empty`;
  const prefixes = prefixList.split(',').map((p) => p.trim().replace(/^\+/, ''));
  if (prefixes.length === 0 || prefixes.some((p) => !/^\d{1,15}$/.test(p))) {
    return `bad --price "${spec}": prefixes must be digits, comma-separated`;
  }
  const price = parseAmount(priceText);
  if (!price || price.lte(0)) return `bad --price "${spec}": price must be a positive decimal with at most 4 places`;
  return { country, network, prefixes, price: toDbAmount(price) };
}

/** A row in the operator notation parsePriceSpec reads (`CD:Vodacom:24381,24382:0.0200`), as the audit log keeps it. */
export function formatPriceSpec(r: PriceRowInput): string {
  return `${r.country}:${r.network}:${r.prefixes.join(',')}:${r.price}`;
}

/** Replaces every pricing row of an organization (one statement pair inside the caller's transaction). */
export async function replacePrices(db: DbOrTx, organizationId: string, rows: PriceRowInput[]): Promise<number> {
  await db.delete(pricingRows).where(eq(pricingRows.organizationId, organizationId));
  if (rows.length === 0) return 0;
  await db.insert(pricingRows).values(
    rows.map((r) => ({ id: newId('prc'), organizationId, country: r.country, network: r.network, prefixes: r.prefixes, price: r.price })),
  );
  return rows.length;
}
