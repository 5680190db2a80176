// Recurring schedules (contract decision D4), and the date/time helpers and
// schedule types shared with scheduled pairs (schedules.ts imports them from
// here, never the other way). Every timezone computation is Temporal.
import { Temporal } from 'temporal-polyfill';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_RE = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

export const DEFAULT_HORIZON_DAYS = 365;
/** No send may exceed 5000 SMS, so more occurrences than that can never be accepted. */
export const DEFAULT_MAX_OCCURRENCES = 5000;
const FREQUENCIES = ['daily', 'weekly', 'monthly', 'yearly'] as const;

export type RecurringSchedule = {
  start_date: string;
  end_date?: string | null;
  frequency: 'daily' | 'weekly' | 'monthly' | 'yearly';
  interval: number;
  times: string[];
};

/**
 * Why a schedule is refused, as a code and the values its message names (strings, written as the message writes
 * them), for a page that says it in its own language (D23, the `compose.scheduleProblems` catalogue). The REST answer
 * carries only `message`, the same in English (validationError keeps field and message).
 */
export type ScheduleProblem =
  | { code: 'badDate'; name: 'date' | 'start_date' | 'end_date' }
  | { code: 'badTime' }
  | { code: 'gap'; date: string; time: string; timeZone: string }
  | { code: 'past'; date: string; time: string; timeZone: string }
  | { code: 'endBeforeStart' }
  | { code: 'badFrequency'; list: string }
  | { code: 'badInterval' }
  | { code: 'noTimes' }
  | { code: 'tooManyOccurrences'; max: string }
  | { code: 'tooManySms'; max: string }
  | { code: 'allPast' };

export type ScheduleIssue = {
  /** JSON path, e.g. `scheduled_dates[2].time`, `scheduled_dates[0]`, `recurring_schedule.times[1]`. */
  field: string;
  code: 'INVALID_FIELD_FORMAT' | 'SCHEDULE_IN_PAST' | 'LIMIT_EXCEEDED';
  message: string;
  problem: ScheduleProblem;
};

/** A real calendar date written strictly `YYYY-MM-DD`, or null. */
export function parseDate(value: unknown): Temporal.PlainDate | null {
  if (typeof value !== 'string' || !DATE_RE.test(value)) return null;
  try {
    return Temporal.PlainDate.from(value, { overflow: 'reject' });
  } catch {
    return null;
  }
}

/** A strict 24-hour `HH:mm` (00:00..23:59), or null. */
export function parseTime(value: unknown): Temporal.PlainTime | null {
  if (typeof value !== 'string' || !TIME_RE.test(value)) return null;
  return Temporal.PlainTime.from(value, { overflow: 'reject' });
}

/** Throws a RangeError naming the zone when it is not a known IANA time zone. */
export function assertTimeZone(timeZone: string): void {
  Temporal.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(timeZone);
}

export function nowInstant(now: Date): Temporal.Instant {
  return Temporal.Instant.fromEpochMilliseconds(now.getTime());
}

type Unit = 'days' | 'months' | 'years';

function stepOf(frequency: RecurringSchedule['frequency'], interval: number): { unit: Unit; size: number } {
  switch (frequency) {
    case 'daily':
      return { unit: 'days', size: interval };
    case 'weekly':
      return { unit: 'days', size: 7 * interval };
    case 'monthly':
      return { unit: 'months', size: interval };
    case 'yearly':
      return { unit: 'years', size: interval };
  }
}

/**
 * Occurrence day k, always computed from the start (never from day k-1), so a
 * 31st clamped to 28 Feb goes back to 31 Mar. `add` with the default
 * 'constrain' overflow clamps to the month's last day (29 Feb -> 28 Feb).
 */
function occurrenceDay(start: Temporal.PlainDate, unit: Unit, size: number, k: number): Temporal.PlainDate | null {
  const amount = size * k;
  const duration = unit === 'days' ? { days: amount } : unit === 'months' ? { months: amount } : { years: amount };
  try {
    return start.add(duration);
  } catch {
    return null; // beyond the range Temporal can represent: past any end date
  }
}

/**
 * First index worth generating: every day before `threshold` is entirely past,
 * so a schedule that started long ago does not walk through its whole history.
 * Conservative (may start a little early); past occurrences are filtered anyway.
 */
function firstUsefulIndex(start: Temporal.PlainDate, threshold: Temporal.PlainDate, unit: Unit, size: number): number {
  if (Temporal.PlainDate.compare(threshold, start) <= 0) return 0;
  const elapsed = start.until(threshold, { largestUnit: unit })[unit];
  return Math.max(0, Math.floor(elapsed / size) - 1);
}

function validate(s: RecurringSchedule): {
  issues: ScheduleIssue[];
  start: Temporal.PlainDate | null;
  end: Temporal.PlainDate | null;
  times: Temporal.PlainTime[];
} {
  const issues: ScheduleIssue[] = [];
  const bad = (field: string, message: string, problem: ScheduleProblem) =>
    issues.push({ field: `recurring_schedule.${field}`, code: 'INVALID_FIELD_FORMAT', message, problem });

  const start = parseDate(s.start_date);
  if (!start) bad('start_date', 'start_date must be a calendar date YYYY-MM-DD', { code: 'badDate', name: 'start_date' });
  let end: Temporal.PlainDate | null = null;
  if (s.end_date !== undefined && s.end_date !== null) {
    end = parseDate(s.end_date);
    if (!end) bad('end_date', 'end_date must be a calendar date YYYY-MM-DD', { code: 'badDate', name: 'end_date' });
    else if (start && Temporal.PlainDate.compare(end, start) < 0) bad('end_date', 'end_date must not be before start_date', { code: 'endBeforeStart' });
  }
  if (!(FREQUENCIES as readonly string[]).includes(s.frequency)) {
    bad('frequency', `frequency must be one of ${FREQUENCIES.join(', ')}`, { code: 'badFrequency', list: FREQUENCIES.join(', ') });
  }
  if (!Number.isSafeInteger(s.interval) || s.interval < 1) bad('interval', 'interval must be an integer >= 1', { code: 'badInterval' });

  const times: Temporal.PlainTime[] = [];
  if (!Array.isArray(s.times) || s.times.length === 0) {
    bad('times', 'times must contain at least one HH:mm time', { code: 'noTimes' });
  } else {
    s.times.forEach((t, i) => {
      const parsed = parseTime(t);
      if (parsed) times.push(parsed);
      else bad(`times[${i}]`, 'time must be HH:mm, 24-hour (00:00 to 23:59)', { code: 'badTime' });
    });
  }
  // Ascending, duplicates removed.
  const unique = [...new Map(times.map((t) => [t.toString(), t])).values()].sort(Temporal.PlainTime.compare);
  return { issues, start, end, times: unique };
}

/**
 * Expand a recurring schedule into the instants of its future dispatches, ascending.
 *
 * - Range: start_date .. end_date inclusive. Without end_date the range is the
 *   `horizonDays` days starting at start_date, i.e. start_date inclusive to
 *   start_date + horizonDays exclusive: an open-ended daily schedule with one
 *   time has exactly 365 occurrences (before skipping the past).
 * - A non-existent local time moves forward by the gap length and an ambiguous
 *   one takes the earlier instant (Temporal 'compatible', RFC 5545). If two
 *   times collapse onto the same instant that way, it is kept once.
 * - Occurrences at or before `now` are skipped; none left gives SCHEDULE_IN_PAST
 *   on `recurring_schedule`.
 * - Cap: generation stops as soon as more than `maxOccurrences` (default 5000)
 *   future instants exist, and the answer is a LIMIT_EXCEEDED issue on
 *   `recurring_schedule` (no instants). Pass maxOccurrences =
 *   floor(5000 / (recipients x segments)) to get the D4 limit check exactly.
 * - An unknown time zone is a programming error: RangeError is thrown.
 */
export function expandRecurring(
  s: RecurringSchedule,
  timeZone: string,
  now: Date,
  opts?: { horizonDays?: number; maxOccurrences?: number },
): { ok: true; instants: Date[] } | { ok: false; issues: ScheduleIssue[] } {
  assertTimeZone(timeZone);
  const horizonDays = opts?.horizonDays ?? DEFAULT_HORIZON_DAYS;
  const maxOccurrences = opts?.maxOccurrences ?? DEFAULT_MAX_OCCURRENCES;

  const { issues, start, end, times } = validate(s);
  if (issues.length > 0 || !start) return { ok: false, issues };

  const nowMs = now.getTime();
  // Inclusive last day of the range.
  const last = end ?? start.add({ days: horizonDays - 1 });
  const { unit, size } = stepOf(s.frequency, s.interval);
  const today = nowInstant(now).toZonedDateTimeISO(timeZone).toPlainDate();
  // Local day D ends before `now` when D <= today - 2, whatever the offsets or gaps.
  const threshold = today.subtract({ days: 2 });

  const seen = new Set<number>();
  for (let k = firstUsefulIndex(start, threshold, unit, size); ; k++) {
    const day = occurrenceDay(start, unit, size, k);
    if (!day || Temporal.PlainDate.compare(day, last) > 0) break;
    for (const time of times) {
      const ms = day.toPlainDateTime(time).toZonedDateTime(timeZone, { disambiguation: 'compatible' }).epochMilliseconds;
      if (ms <= nowMs) continue;
      seen.add(ms);
      if (seen.size > maxOccurrences) {
        return {
          ok: false,
          issues: [
            {
              field: 'recurring_schedule',
              code: 'LIMIT_EXCEEDED',
              message: `the schedule has more than ${maxOccurrences} future occurrences`,
              problem: { code: 'tooManyOccurrences', max: String(maxOccurrences) },
            },
          ],
        };
      }
    }
  }

  if (seen.size === 0) {
    return {
      ok: false,
      issues: [{ field: 'recurring_schedule', code: 'SCHEDULE_IN_PAST', message: 'every occurrence is in the past', problem: { code: 'allPast' } }],
    };
  }
  const instants = [...seen].sort((x, y) => x - y).map((ms) => new Date(ms));
  return { ok: true, instants };
}
