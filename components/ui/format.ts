import { useLocale } from 'next-intl';
import { Temporal } from 'temporal-polyfill';
import { DEFAULT_LOCALE, intlLocale, type Locale } from '@/shared/i18n/locales';
import { toLocalString } from '@/shared/schedules/schedules';

/**
 * The one display-formatting module of the dashboard and the console: money, numbers and dates through `Intl` in the
 * page's language (D23: `fr-CD` or `en`), shared by server and client components. Dates are always shown in an
 * explicit zone (the organization's), so the server's and the browser's renderings agree.
 * Client and synchronous server components take a bound set with `useFormat()`; async server components with
 * `formatter(await getLocale())`.
 */

/** Money as the merchant reads it: the currency's symbol, 2 to 4 decimals (amounts are exact to 4). */
export function formatMoney(amount: number, currency: string, locale: Locale = DEFAULT_LOCALE): string {
  try {
    return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(amount);
  } catch {
    return `${amount.toFixed(4)} ${currency}`;
  }
}

export function formatNumber(n: number, locale: Locale = DEFAULT_LOCALE): string {
  return new Intl.NumberFormat(intlLocale(locale)).format(n);
}

/** A date and time in words (`21 Nov 2026, 10:30`, `21 nov. 2026, 10:30`). */
export function formatDateTime(iso: string | null, timeZone: string, locale: Locale = DEFAULT_LOCALE): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(locale === 'fr' ? intlLocale(locale) : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}

/** An instant as the merchant's wall clock, the same in every language: `2026-11-21 10:30`. */
export function formatLocal(iso: string | Date | null | undefined, timeZone: string): string {
  if (!iso) return '—';
  return toLocalString(typeof iso === 'string' ? new Date(iso) : iso, timeZone);
}

/** With seconds, for timelines: `2026-11-21 10:30:05`. */
export function formatLocalSeconds(iso: string, timeZone: string): string {
  const z = Temporal.Instant.from(iso).toZonedDateTimeISO(timeZone);
  return `${z.toPlainDate().toString()} ${z.toPlainTime().toString({ smallestUnit: 'second' })}`;
}

/** The formatting functions bound to one language. */
export function formatter(locale: Locale) {
  return {
    locale,
    /** The `Intl` locale, for a format this module does not name (percentages). */
    intl: intlLocale(locale),
    money: (amount: number, currency: string) => formatMoney(amount, currency, locale),
    number: (n: number) => formatNumber(n, locale),
    dateTime: (iso: string | null, timeZone: string) => formatDateTime(iso, timeZone, locale),
    /** A share 0..1 as a percentage with one decimal (`66.7 %` in French, `66.7%` in English). */
    percent: (share: number) => new Intl.NumberFormat(intlLocale(locale), { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(share),
    local: formatLocal,
    localSeconds: formatLocalSeconds,
  };
}
export type Formatter = ReturnType<typeof formatter>;

/** The page language's formatting functions (client components and synchronous server components). */
export function useFormat(): Formatter {
  return formatter(useLocale());
}

/** An English count and noun (`3 recipients`); translated pages use an ICU plural message instead. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}
