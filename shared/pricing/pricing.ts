// Per-recipient prices and send cost (contract decision D2).
//
// A recipient is priced by the pricing row whose prefix is the longest match of
// its E.164 digits; no match means the merchant's default price. All money is
// decimal.js; no binary float ever touches a price.
import Decimal from 'decimal.js';

export type PricingRow = {
  id: string;
  country: string;
  network: string;
  prefixes: string[] /* digits only, no '+', e.g. '24381' */;
  price: string /* decimal string */;
};

export type ResolvedPrice = { price: Decimal; row: PricingRow | null };
export type PriceResolver = (e164: string) => ResolvedPrice;

/**
 * What a send costs: each recipient's resolved unit price (its row, or the default), what one dispatch costs
 * (sum of prices x segments), each recipient's share over every dispatch, and the total (perDispatch x dispatches).
 */
export type Cost = { total: Decimal; perDispatch: Decimal; perRecipient: Decimal[]; prices: ResolvedPrice[] };

/** Parse a decimal string as money; throws on anything that is not a finite, non-negative number. */
export function parsePrice(value: string, what: string): Decimal {
  let d: Decimal;
  try {
    d = new Decimal(value);
  } catch {
    throw new RangeError(`${what}: '${value}' is not a decimal number`);
  }
  if (!d.isFinite() || d.isNegative()) throw new RangeError(`${what}: '${value}' must be a non-negative number`);
  return d;
}

/**
 * Build a resolver from a merchant's pricing rows. Prefixes go in a map keyed
 * by prefix; a lookup tries the prefix lengths that exist, longest first, so
 * resolving a number costs at most one map probe per distinct prefix length.
 * A prefix listed by two rows belongs to the first row. A leading '+' on a
 * prefix is tolerated and ignored; an empty prefix is ignored.
 */
export function createPriceResolver(rows: PricingRow[], defaultPrice: string): PriceResolver {
  const fallback: ResolvedPrice = { price: parsePrice(defaultPrice, 'default price'), row: null };
  const byPrefix = new Map<string, ResolvedPrice>();

  for (const row of rows) {
    const resolved: ResolvedPrice = { price: parsePrice(row.price, `pricing row ${row.id}`), row };
    for (const raw of row.prefixes) {
      const prefix = raw.trim().replace(/^\+/, '');
      if (prefix === '') continue;
      if (!/^[0-9]+$/.test(prefix)) throw new RangeError(`pricing row ${row.id}: prefix '${raw}' is not digits`);
      if (!byPrefix.has(prefix)) byPrefix.set(prefix, resolved);
    }
  }

  const lengths = [...new Set([...byPrefix.keys()].map((p) => p.length))].sort((x, y) => y - x);

  return (e164: string): ResolvedPrice => {
    const digits = e164.startsWith('+') ? e164.slice(1) : e164;
    for (const len of lengths) {
      if (len > digits.length) continue;
      const hit = byPrefix.get(digits.slice(0, len));
      if (hit) return hit;
    }
    return fallback;
  };
}

/**
 * Cost of sending a message of `segments` parts to every recipient, `dispatches`
 * times (1 for an immediate send, the number of dates or occurrences otherwise):
 * the one money rule of the send charge and the compose preview (D2).
 * perRecipient[i] = segments x price(i) x dispatches; total is their exact sum.
 */
export function computeCost(
  recipientsE164: string[],
  segments: number,
  dispatches: number,
  resolve: PriceResolver,
): Cost {
  if (!Number.isInteger(segments) || segments < 0) throw new RangeError('segments must be a non-negative integer');
  if (!Number.isInteger(dispatches) || dispatches < 0) {
    throw new RangeError('dispatches must be a non-negative integer');
  }
  const prices = recipientsE164.map((number) => resolve(number));
  // A resolver hands out one ResolvedPrice per row (and one for the default), so each distinct price is multiplied
  // once and its Decimal (immutable) shared by the recipients it prices: a send of 1,000 numbers has a handful.
  const each = new Map<ResolvedPrice, Decimal>();
  const perRecipient = prices.map((p) => {
    let d = each.get(p);
    if (d === undefined) each.set(p, (d = p.price.times(segments).times(dispatches)));
    return d;
  });
  const perDispatch = prices.reduce((acc, p) => acc.plus(p.price), new Decimal(0)).times(segments);
  return { total: perDispatch.times(dispatches), perDispatch, perRecipient, prices };
}
