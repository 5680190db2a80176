import { Temporal } from 'temporal-polyfill';
import { toLocalString } from '@/shared/schedules/schedules';

/** Money as the merchant reads it: the currency's symbol, 2 to 4 decimals (amounts are exact to 4). */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(amount);
  } catch {
    return `${amount.toFixed(4)} ${currency}`;
  }
}

export function formatCount(n: number): string {
  return new Intl.NumberFormat('en').format(n);
}

/** An instant as the merchant's wall clock: `2026-11-21 10:30`. */
export function formatLocal(iso: string | Date | null | undefined, timeZone: string): string {
  if (!iso) return '—';
  return toLocalString(typeof iso === 'string' ? new Date(iso) : iso, timeZone);
}

/** With seconds, for timelines: `2026-11-21 10:30:05`. */
export function formatLocalSeconds(iso: string, timeZone: string): string {
  const z = Temporal.Instant.from(iso).toZonedDateTimeISO(timeZone);
  return `${z.toPlainDate().toString()} ${z.toPlainTime().toString({ smallestUnit: 'second' })}`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}
