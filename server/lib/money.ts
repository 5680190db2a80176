import Decimal from 'decimal.js';

/**
 * Money arithmetic (D2): decimal, never binary floats; half-up rounding;
 * amounts leave the service as JSON numbers exact to 4 decimals.
 */
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Money = Decimal;

export function money(value: Decimal.Value): Decimal {
  return new Money(value);
}

export function round(value: Decimal.Value, places: number): Decimal {
  return new Money(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
}

/** What numeric(18,4) columns hand over: a decimal string that rounding to 4 places leaves as it is. */
const AT_MOST_4_DECIMALS = /^-?\d{1,20}(\.\d{1,4})?$/;

/** A decimal as the JSON number the contract shows (at most 4 decimals, half-up). */
export function toAmount(value: Decimal.Value): number {
  // Nothing to round: Number() reads the same decimal as the rounded text would (`+ 0`: never -0, as below).
  // Every GET /status and every list row comes here; decimal.js cost more than the rest of the mapping.
  if (typeof value === 'string' && AT_MOST_4_DECIMALS.test(value)) return Number(value) + 0;
  return Number(toFixed4(value));
}

/** A decimal as the string Postgres numeric(18,4) stores. */
export function toDbAmount(value: Decimal.Value): string {
  return toFixed4(value);
}

/**
 * `round(value, 4).toFixed(4)`. A Decimal with at most 4 decimal places (a send's prices, costs and totals) is
 * printed as it is: rounding it changes nothing, and toFixed neither rounds it nor depends on its class's settings;
 * the copy into Money and the rounding pass were most of the decimal.js work of a send (several per send).
 */
function toFixed4(value: Decimal.Value): string {
  if (Decimal.isDecimal(value) && value.isFinite() && value.decimalPlaces() <= 4) return value.toFixed(4);
  return round(value, 4).toFixed(4);
}

/** Parses an operator- or user-supplied amount; returns null unless it is a finite decimal with at most 4 places. */
export function parseAmount(text: string): Decimal | null {
  if (!/^\d+(\.\d{1,4})?$/.test(text.trim())) return null;
  return new Money(text.trim());
}
