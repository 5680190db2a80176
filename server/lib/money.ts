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

/** A decimal as the JSON number the contract shows (at most 4 decimals, half-up). */
export function toAmount(value: Decimal.Value): number {
  return Number(round(value, 4).toFixed(4));
}

/** A decimal as the string Postgres numeric(18,4) stores. */
export function toDbAmount(value: Decimal.Value): string {
  return round(value, 4).toFixed(4);
}

/** Parses an operator- or user-supplied amount; returns null unless it is a finite decimal with at most 4 places. */
export function parseAmount(text: string): Decimal | null {
  if (!/^\d+(\.\d{1,4})?$/.test(text.trim())) return null;
  return new Money(text.trim());
}
