import { describe, it, expect } from 'vitest';
import { expandRecurring } from './recurring';
import type { RecurringSchedule } from './schedules';

const KIN = 'Africa/Kinshasa'; // UTC+1, no DST: local 09:00 is 08:00Z
const PARIS = 'Europe/Paris';
const NY = 'America/New_York';
const NOW = new Date('2026-01-01T00:00:00.000Z');

function sched(over: Partial<RecurringSchedule>): RecurringSchedule {
  return { start_date: '2026-01-10', end_date: null, frequency: 'daily', interval: 1, times: ['09:00'], ...over };
}

function iso(s: RecurringSchedule, tz = KIN, now = NOW, opts?: Parameters<typeof expandRecurring>[3]): string[] {
  const r = expandRecurring(s, tz, now, opts);
  if (!r.ok) throw new Error('expected ok, got ' + JSON.stringify(r.issues));
  return r.instants.map((d) => d.toISOString());
}

/** Dates (YYYY-MM-DD) of 09:00 Kinshasa occurrences. */
function days(s: RecurringSchedule, now = NOW): string[] {
  return iso(s, KIN, now).map((x) => {
    expect(x.slice(10)).toBe('T08:00:00.000Z');
    return x.slice(0, 10);
  });
}

describe('expandRecurring: frequencies', () => {
  it('daily, interval 1', () => {
    expect(iso(sched({ end_date: '2026-01-13' }))).toEqual([
      '2026-01-10T08:00:00.000Z',
      '2026-01-11T08:00:00.000Z',
      '2026-01-12T08:00:00.000Z',
      '2026-01-13T08:00:00.000Z',
    ]);
  });

  it('daily, interval 3 (end date inclusive)', () => {
    expect(days(sched({ end_date: '2026-01-19', interval: 3 }))).toEqual([
      '2026-01-10',
      '2026-01-13',
      '2026-01-16',
      '2026-01-19',
    ]);
  });

  it('a single day when end_date = start_date', () => {
    expect(days(sched({ end_date: '2026-01-10' }))).toEqual(['2026-01-10']);
  });

  it("weekly, interval 1, on start_date's weekday", () => {
    expect(days(sched({ frequency: 'weekly', end_date: '2026-02-01' }))).toEqual([
      '2026-01-10',
      '2026-01-17',
      '2026-01-24',
      '2026-01-31',
    ]);
  });

  it('weekly, interval 2', () => {
    expect(days(sched({ frequency: 'weekly', interval: 2, end_date: '2026-02-28' }))).toEqual([
      '2026-01-10',
      '2026-01-24',
      '2026-02-07',
      '2026-02-21',
    ]);
  });

  it('monthly from Jan 31 in a non-leap year: clamps to Feb 28, back to the 31st after', () => {
    expect(days(sched({ frequency: 'monthly', start_date: '2026-01-31', end_date: '2026-06-30' }))).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
    ]);
  });

  it('monthly from Jan 31 in a leap year: Feb 29', () => {
    expect(days(sched({ frequency: 'monthly', start_date: '2028-01-31', end_date: '2028-04-30' }))).toEqual([
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
      '2028-04-30',
    ]);
  });

  it('monthly from the 30th never drifts to the 28th', () => {
    expect(days(sched({ frequency: 'monthly', start_date: '2026-01-30', end_date: '2026-04-30' }))).toEqual([
      '2026-01-30',
      '2026-02-28',
      '2026-03-30',
      '2026-04-30',
    ]);
  });

  it('monthly, interval 2, from the 31st', () => {
    expect(
      days(sched({ frequency: 'monthly', interval: 2, start_date: '2026-01-31', end_date: '2026-12-31' })),
    ).toEqual(['2026-01-31', '2026-03-31', '2026-05-31', '2026-07-31', '2026-09-30', '2026-11-30']);
  });

  it('yearly from Feb 29: Feb 28 in non-leap years, Feb 29 again in leap years', () => {
    expect(days(sched({ frequency: 'yearly', start_date: '2028-02-29', end_date: '2033-12-31' }))).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
      '2033-02-28',
    ]);
  });

  it('yearly, interval 2', () => {
    expect(days(sched({ frequency: 'yearly', interval: 2, start_date: '2026-05-15', end_date: '2032-12-31' }))).toEqual(
      ['2026-05-15', '2028-05-15', '2030-05-15', '2032-05-15'],
    );
  });

  it('several times per day: sorted, duplicates removed', () => {
    expect(iso(sched({ end_date: '2026-01-11', times: ['18:00', '09:00', '09:00', '12:30'] }))).toEqual([
      '2026-01-10T08:00:00.000Z',
      '2026-01-10T11:30:00.000Z',
      '2026-01-10T17:00:00.000Z',
      '2026-01-11T08:00:00.000Z',
      '2026-01-11T11:30:00.000Z',
      '2026-01-11T17:00:00.000Z',
    ]);
  });
});

describe('expandRecurring: open-ended horizon', () => {
  it('daily without end_date: exactly 365 occurrences, start_date to start_date + 364 days', () => {
    for (const end_date of [null, undefined]) {
      const out = iso(sched({ end_date }));
      expect(out).toHaveLength(365);
      expect(out[0]).toBe('2026-01-10T08:00:00.000Z');
      expect(out[364]).toBe('2027-01-09T08:00:00.000Z');
    }
  });

  it('monthly without end_date: 12 occurrences', () => {
    expect(days(sched({ frequency: 'monthly', start_date: '2026-01-31' }))).toEqual([
      '2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30',
      '2026-07-31', '2026-08-31', '2026-09-30', '2026-10-31', '2026-11-30', '2026-12-31',
    ]);
  });

  it('horizonDays option', () => {
    expect(iso(sched({}), KIN, NOW, { horizonDays: 7 })).toHaveLength(7);
  });

  it('the horizon counts from start_date, not from now', () => {
    const now = new Date('2026-07-01T00:00:00.000Z');
    const out = iso(sched({ start_date: '2026-01-01' }), KIN, now);
    // 2026-07-01 .. 2026-12-31
    expect(out).toHaveLength(184);
    expect(out[0]).toBe('2026-07-01T08:00:00.000Z');
    expect(out[183]).toBe('2026-12-31T08:00:00.000Z');
  });
});

describe('expandRecurring: past occurrences', () => {
  it('skips occurrences at or before now', () => {
    const now = new Date('2026-01-12T08:00:00.000Z'); // 09:00 in Kinshasa
    expect(iso(sched({ end_date: '2026-01-14', times: ['09:00', '10:00'] }), KIN, now)).toEqual([
      '2026-01-12T09:00:00.000Z',
      '2026-01-13T08:00:00.000Z',
      '2026-01-13T09:00:00.000Z',
      '2026-01-14T08:00:00.000Z',
      '2026-01-14T09:00:00.000Z',
    ]);
  });

  it('SCHEDULE_IN_PAST when nothing is left', () => {
    const now = new Date('2026-02-01T00:00:00.000Z');
    expect(expandRecurring(sched({ end_date: '2026-01-31' }), KIN, now)).toMatchObject({
      ok: false,
      issues: [{ field: 'recurring_schedule', code: 'SCHEDULE_IN_PAST', message: 'every occurrence is in the past' }],
    });
  });

  it('a schedule that started centuries ago is expanded quickly and correctly', () => {
    const t0 = performance.now();
    expect(days(sched({ start_date: '1000-01-01', end_date: '2026-01-03' }))).toEqual([
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
    ]);
    // Clamping still follows the start day (31st) after the jump.
    expect(days(sched({ frequency: 'monthly', start_date: '1000-01-31', end_date: '2026-04-30' }))).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
    expect(days(sched({ frequency: 'yearly', start_date: '1004-02-29', end_date: '2028-12-31' }))).toEqual([
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
    expect(days(sched({ frequency: 'weekly', interval: 3, start_date: '1999-12-31', end_date: '2026-02-01' }))).toEqual(
      ['2026-01-16'],
    );
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});

describe('expandRecurring: DST', () => {
  it('Europe/Paris: 02:30 in the spring gap moves forward by one hour (03:30 CEST)', () => {
    expect(iso(sched({ start_date: '2026-03-28', end_date: '2026-03-30', times: ['02:30'] }), PARIS)).toEqual([
      '2026-03-28T01:30:00.000Z', // 02:30 CET
      '2026-03-29T01:30:00.000Z', // gap -> 03:30 CEST
      '2026-03-30T00:30:00.000Z', // 02:30 CEST
    ]);
  });

  it('Europe/Paris: 02:30 in the autumn overlap is the earlier (CEST) instant', () => {
    expect(iso(sched({ start_date: '2026-10-24', end_date: '2026-10-26', times: ['02:30'] }), PARIS)).toEqual([
      '2026-10-24T00:30:00.000Z',
      '2026-10-25T00:30:00.000Z',
      '2026-10-26T01:30:00.000Z',
    ]);
  });

  it('America/New_York: gap 2026-03-08 02:30 -> 03:30 EDT; overlap 2026-11-01 01:30 -> EDT', () => {
    expect(iso(sched({ start_date: '2026-03-08', end_date: '2026-03-08', times: ['02:30'] }), NY)).toEqual([
      '2026-03-08T07:30:00.000Z',
    ]);
    expect(iso(sched({ start_date: '2026-11-01', end_date: '2026-11-01', times: ['01:30'] }), NY)).toEqual([
      '2026-11-01T05:30:00.000Z',
    ]);
  });

  it('two times that land on the same instant in a gap are kept once', () => {
    expect(iso(sched({ start_date: '2026-03-29', end_date: '2026-03-29', times: ['02:30', '03:30'] }), PARIS)).toEqual(
      ['2026-03-29T01:30:00.000Z'],
    );
  });
});

describe('expandRecurring: cap', () => {
  it('LIMIT_EXCEEDED once more than maxOccurrences future instants exist', () => {
    const s = sched({ end_date: '2026-01-20' }); // 11 occurrences
    expect(iso(s, KIN, NOW, { maxOccurrences: 11 })).toHaveLength(11);
    expect(expandRecurring(s, KIN, NOW, { maxOccurrences: 10 })).toMatchObject({
      ok: false,
      issues: [
        {
          field: 'recurring_schedule',
          code: 'LIMIT_EXCEEDED',
          message: 'the schedule has more than 10 future occurrences',
        },
      ],
    });
  });

  it('an every-day-for-a-century schedule stops at the default cap of 5000 quickly', () => {
    const t0 = performance.now();
    const r = expandRecurring(sched({ end_date: '2126-01-10', times: ['09:00', '21:00'] }), KIN, NOW);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.map((i) => [i.field, i.code, i.message])).toEqual([
      ['recurring_schedule', 'LIMIT_EXCEEDED', 'the schedule has more than 5000 future occurrences'],
    ]);
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it('5000 occurrences exactly is allowed', () => {
    // 2500 days x 2 times
    const out = iso(sched({ end_date: '2032-11-13', times: ['09:00', '21:00'] }));
    expect(out).toHaveLength(5000);
    expect(out[4999]).toBe('2032-11-13T20:00:00.000Z');
  });
});

describe('expandRecurring: validation', () => {
  const fields = (s: RecurringSchedule) => {
    const r = expandRecurring(s, KIN, NOW);
    if (r.ok) throw new Error('expected issues');
    expect(r.issues.every((i) => i.code === 'INVALID_FIELD_FORMAT')).toBe(true);
    return r.issues.map((i) => i.field);
  };

  it('bad dates', () => {
    expect(fields(sched({ start_date: '2026-02-30' }))).toEqual(['recurring_schedule.start_date']);
    expect(fields(sched({ end_date: '2026-1-20' }))).toEqual(['recurring_schedule.end_date']);
    expect(fields(sched({ end_date: '2026-01-09' }))).toEqual(['recurring_schedule.end_date']);
  });

  it('bad interval', () => {
    for (const interval of [0, -1, 1.5, Number.NaN, Infinity]) {
      expect(fields(sched({ interval }))).toEqual(['recurring_schedule.interval']);
    }
  });

  it('bad frequency', () => {
    expect(fields(sched({ frequency: 'hourly' as RecurringSchedule['frequency'] }))).toEqual([
      'recurring_schedule.frequency',
    ]);
  });

  it('bad times, every one named', () => {
    expect(fields(sched({ times: [] }))).toEqual(['recurring_schedule.times']);
    expect(fields(sched({ times: ['09:00', '9:00', '24:00', '23:59'] }))).toEqual([
      'recurring_schedule.times[1]',
      'recurring_schedule.times[2]',
    ]);
  });

  it('all issues at once', () => {
    expect(fields({ start_date: 'x', end_date: 'y', frequency: 'daily', interval: 0, times: ['x'] })).toEqual([
      'recurring_schedule.start_date',
      'recurring_schedule.end_date',
      'recurring_schedule.interval',
      'recurring_schedule.times[0]',
    ]);
  });

  it('a huge interval yields only the start day', () => {
    expect(days(sched({ interval: 1_000_000_000, end_date: '9999-12-31' }))).toEqual(['2026-01-10']);
  });

  it('throws on an unknown time zone', () => {
    expect(() => expandRecurring(sched({}), 'Not/AZone', NOW)).toThrow(RangeError);
  });
});
