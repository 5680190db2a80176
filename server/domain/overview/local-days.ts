// Local calendar days of the merchant timezone (D4's zone) as instants, for
// "today", date-range filters and per-day series. Temporal handles the
// offsets and DST: a local day can be 23 or 25 hours long.
import { Temporal } from 'temporal-polyfill';

/** The local date (YYYY-MM-DD) of an instant in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone).toPlainDate().toString();
}

/** The instant a local date starts in `timeZone` (its first existing moment). */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const zoned = Temporal.PlainDate.from(date, { overflow: 'reject' }).toZonedDateTime({ timeZone });
  return new Date(zoned.epochMilliseconds);
}

/** `date` plus `days` (may be negative), as YYYY-MM-DD. */
export function addDays(date: string, days: number): string {
  return Temporal.PlainDate.from(date).add({ days }).toString();
}

/** The `count` local dates ending with the local date of `now`, oldest first. */
export function lastLocalDays(now: Date, timeZone: string, count: number): string[] {
  const today = localDate(now, timeZone);
  return Array.from({ length: count }, (_, i) => addDays(today, i - count + 1));
}

/** Instants [start, end) covering local dates `from`..`to` inclusive (either side open when absent). */
export function localRange(timeZone: string, from?: string, to?: string): { start: Date | null; end: Date | null } {
  return {
    start: from ? startOfLocalDay(from, timeZone) : null,
    end: to ? startOfLocalDay(addDays(to, 1), timeZone) : null,
  };
}
