// Scheduled sends (contract decision D4): (date, time) pairs read in the
// merchant's IANA time zone. Recurring schedules live in ./recurring and are
// re-exported from here. Every timezone computation is Temporal.
import { Temporal } from 'temporal-polyfill';
import { parseDate, parseTime, assertTimeZone, type ScheduleIssue } from './recurring';

export { expandRecurring, parseDate, parseTime, DEFAULT_HORIZON_DAYS, DEFAULT_MAX_OCCURRENCES } from './recurring';
export type { RecurringSchedule, ScheduleIssue, ScheduleProblem } from './recurring';

export type ScheduledDate = { date: string; time: string };

/**
 * Resolve each (date, time) pair to the instant it names in `timeZone`.
 *
 * - `date` must be a real calendar date `YYYY-MM-DD` (field `scheduled_dates[i].date`),
 *   `time` a strict 24-hour `HH:mm` (field `scheduled_dates[i].time`): INVALID_FIELD_FORMAT.
 * - A local time that does not exist (spring-forward gap): INVALID_FIELD_FORMAT on
 *   `scheduled_dates[i].time`.
 * - An ambiguous local time (fall-back overlap): the first, earlier instant.
 * - An instant at or before `now`: SCHEDULE_IN_PAST on `scheduled_dates[i]`.
 * - Every bad entry is reported (both date and time when both are malformed).
 * - `instants` keep the input order; duplicates are kept (each pair is a dispatch).
 * - The 20-pair limit and non-emptiness are the request validator's job, not checked here.
 * - An unknown time zone is a programming error: RangeError is thrown.
 */
export function resolveScheduledDates(
  pairs: ScheduledDate[],
  timeZone: string,
  now: Date,
): { ok: true; instants: Date[] } | { ok: false; issues: ScheduleIssue[] } {
  assertTimeZone(timeZone);
  const nowMs = now.getTime();
  const issues: ScheduleIssue[] = [];
  const instants: Date[] = [];

  pairs.forEach((pair, i) => {
    const at = `scheduled_dates[${i}]`;
    const date = parseDate(pair?.date);
    const time = parseTime(pair?.time);
    if (!date) {
      issues.push({ field: `${at}.date`, code: 'INVALID_FIELD_FORMAT', message: 'date must be a calendar date YYYY-MM-DD', problem: { code: 'badDate', name: 'date' } });
    }
    if (!time) {
      issues.push({
        field: `${at}.time`,
        code: 'INVALID_FIELD_FORMAT',
        message: 'time must be HH:mm, 24-hour (00:00 to 23:59)',
        problem: { code: 'badTime' },
      });
    }
    if (!date || !time) return;

    const local = date.toPlainDateTime(time);
    const zoned = local.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
    // In a gap, Temporal moves the wall-clock time; it no longer reads as asked.
    if (!zoned.toPlainDateTime().equals(local)) {
      issues.push({
        field: `${at}.time`,
        code: 'INVALID_FIELD_FORMAT',
        message: `${pair.date} ${pair.time} does not exist in ${timeZone} (clocks move forward)`,
        problem: { code: 'gap', date: pair.date, time: pair.time, timeZone },
      });
      return;
    }
    if (zoned.epochMilliseconds <= nowMs) {
      issues.push({ field: at, code: 'SCHEDULE_IN_PAST', message: `${pair.date} ${pair.time} ${timeZone} is in the past`, problem: { code: 'past', date: pair.date, time: pair.time, timeZone } });
      return;
    }
    instants.push(new Date(zoned.epochMilliseconds));
  });

  return issues.length > 0 ? { ok: false, issues } : { ok: true, instants };
}

/** The merchant-local wall-clock reading of an instant, e.g. for display: `2027-01-05 09:00`. */
export function toLocalString(instant: Date, timeZone: string): string {
  const z = Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone);
  return `${z.toPlainDate().toString()} ${z.toPlainTime().toString({ smallestUnit: 'minute' })}`;
}
