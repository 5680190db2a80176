import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { expandRecurring } from './recurring';
import { resolveScheduledDates, type RecurringSchedule } from './schedules';

/**
 * Property tests (issue 6, hostile input): schedule expansion against a
 * reference that does not step at all: it walks every calendar day of the
 * range and asks whether D4 makes it an occurrence day (days since start a
 * multiple of the step; for monthly/yearly, the start's day of month clamped
 * to the month's last day), then reads each time in the zone.
 */
const ZONES = ['Africa/Kinshasa', 'Europe/Paris', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/Santiago', 'UTC'];

function referenceOccurrences(s: RecurringSchedule, tz: string, now: Date, horizonDays = 365): number[] {
  const start = Temporal.PlainDate.from(s.start_date);
  const last = s.end_date ? Temporal.PlainDate.from(s.end_date) : start.add({ days: horizonDays - 1 });
  const times = [...new Set(s.times)].map((t) => Temporal.PlainTime.from(t));
  const out = new Set<number>();
  for (let day = start; Temporal.PlainDate.compare(day, last) <= 0; day = day.add({ days: 1 })) {
    const days = start.until(day, { largestUnit: 'days' }).days;
    const months = (day.year - start.year) * 12 + (day.month - start.month);
    const clampedDay = Math.min(start.day, day.daysInMonth);
    const hit =
      s.frequency === 'daily'
        ? days % s.interval === 0
        : s.frequency === 'weekly'
          ? days % (7 * s.interval) === 0
          : s.frequency === 'monthly'
            ? months % s.interval === 0 && day.day === clampedDay
            : (day.year - start.year) % s.interval === 0 && day.month === start.month && day.day === clampedDay;
    if (!hit) continue;
    for (const t of times) {
      const ms = day.toPlainDateTime(t).toZonedDateTime(tz, { disambiguation: 'compatible' }).epochMilliseconds;
      if (ms > now.getTime()) out.add(ms);
    }
  }
  return [...out].sort((a, b) => a - b);
}

const date = (from: string, days: number) => fc.integer({ min: 0, max: days }).map((d) => Temporal.PlainDate.from(from).add({ days: d }).toString());
const time = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
// Times around DST changes (02:00-03:00 in Europe and America) are drawn often.
const tricky = fc.oneof(time, fc.constantFrom('02:00', '02:30', '01:30', '03:00', '00:00', '23:59'));
const schedule = fc.record({
  start_date: date('2025-01-01', 1200),
  end_days: fc.option(fc.integer({ min: 0, max: 500 }), { nil: null }),
  frequency: fc.constantFrom('daily' as const, 'weekly' as const, 'monthly' as const, 'yearly' as const),
  interval: fc.integer({ min: 1, max: 5 }),
  times: fc.array(tricky, { minLength: 1, maxLength: 4 }),
});

describe('expandRecurring (D4) against a day-by-day reference', () => {
  it('gives exactly the reference instants, or the right issue', () => {
    fc.assert(
      fc.property(schedule, fc.constantFrom(...ZONES), fc.integer({ min: -400, max: 400 }), fc.integer({ min: 1, max: 800 }), (g, tz, nowOffsetDays, max) => {
        const s: RecurringSchedule = {
          start_date: g.start_date,
          end_date: g.end_days === null ? null : Temporal.PlainDate.from(g.start_date).add({ days: g.end_days }).toString(),
          frequency: g.frequency,
          interval: g.interval,
          times: g.times,
        };
        const now = new Date(Temporal.PlainDate.from(g.start_date).add({ days: nowOffsetDays }).toZonedDateTime('UTC').epochMilliseconds + 37_000);
        const expected = referenceOccurrences(s, tz, now);
        const got = expandRecurring(s, tz, now, { maxOccurrences: max });
        if (expected.length === 0) {
          expect(got).toEqual({ ok: false, issues: [expect.objectContaining({ field: 'recurring_schedule', code: 'SCHEDULE_IN_PAST' })] });
        } else if (expected.length > max) {
          expect(got).toEqual({ ok: false, issues: [expect.objectContaining({ field: 'recurring_schedule', code: 'LIMIT_EXCEEDED' })] });
        } else {
          expect(got.ok).toBe(true);
          if (got.ok) expect(got.instants.map((d) => d.getTime())).toEqual(expected);
        }
      }),
      { numRuns: 300 },
    );
  }, 30_000); // 300 schedules against a day-by-day reference: about 2 s idle, past 5 s on a loaded machine

  it('never throws on malformed input: every bad field is an issue', () => {
    fc.assert(
      fc.property(
        fc.record({
          start_date: fc.oneof(date('2025-01-01', 1000), fc.string({ maxLength: 12 })),
          end_date: fc.oneof(fc.constant(null), fc.constant(undefined), date('2024-01-01', 1000), fc.string({ maxLength: 12 })),
          frequency: fc.oneof(fc.constantFrom('daily', 'weekly', 'monthly', 'yearly'), fc.string({ maxLength: 8 })),
          interval: fc.oneof(fc.integer({ min: -3, max: 10 }), fc.double(), fc.constant(Number.MAX_SAFE_INTEGER)),
          times: fc.array(fc.oneof(tricky, fc.string({ maxLength: 6 })), { maxLength: 5 }),
        }),
        fc.constantFrom(...ZONES),
        (s, tz) => {
          const r = expandRecurring(s as RecurringSchedule, tz, new Date('2026-06-01T00:00:00Z'));
          if (!r.ok) for (const i of r.issues) expect(i.field).toMatch(/^recurring_schedule(\.|$)/);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('resolveScheduledDates (D4) against the zone rules', () => {
  it('reads each pair in the zone: the earlier of an ambiguous time, an issue for a gap or the past', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ date: date('2026-01-01', 800), time: tricky }), { minLength: 1, maxLength: 20 }), fc.constantFrom(...ZONES), (pairs, tz) => {
        const now = new Date('2026-03-01T12:00:00Z');
        const r = resolveScheduledDates(pairs, tz, now);
        const expected = pairs.map((p, i) => {
          const local = Temporal.PlainDate.from(p.date).toPlainDateTime(Temporal.PlainTime.from(p.time));
          const zoned = local.toZonedDateTime(tz, { disambiguation: 'earlier' });
          if (!zoned.toPlainDateTime().equals(local)) return { field: `scheduled_dates[${i}].time`, code: 'INVALID_FIELD_FORMAT' };
          if (zoned.epochMilliseconds <= now.getTime()) return { field: `scheduled_dates[${i}]`, code: 'SCHEDULE_IN_PAST' };
          return zoned.epochMilliseconds;
        });
        const issues = expected.filter((e) => typeof e !== 'number');
        if (issues.length) {
          expect(r.ok).toBe(false);
          if (!r.ok) expect(r.issues.map((i) => ({ field: i.field, code: i.code }))).toEqual(issues);
        } else {
          expect(r).toEqual({ ok: true, instants: expected.map((ms) => new Date(ms as number)) });
        }
      }),
      { numRuns: 300 },
    );
  });
});
