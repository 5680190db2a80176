import { describe, it, expect } from 'vitest';
import { resolveScheduledDates, toLocalString, parseDate, parseTime } from './schedules';

const KIN = 'Africa/Kinshasa';
const PARIS = 'Europe/Paris';
const NY = 'America/New_York';
const NOW = new Date('2026-01-01T00:00:00.000Z');

function isoOk(r: ReturnType<typeof resolveScheduledDates>): string[] {
  if (!r.ok) throw new Error('expected ok, got ' + JSON.stringify(r.issues));
  return r.instants.map((d) => d.toISOString());
}

describe('parseDate / parseTime', () => {
  it.each(['2026-01-01', '2028-02-29', '2026-12-31', '0001-01-01', '9999-12-31'])('date %s is valid', (d) => {
    expect(parseDate(d)?.toString()).toBe(d);
  });

  it.each([
    '2026-02-29',
    '2026-02-30',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-1-05',
    '26-01-05',
    '2026/01/05',
    '20260105',
    '2026-01-05T09:00',
    '+002026-01-05',
    ' 2026-01-05',
    '',
  ])('date %j is rejected', (d) => {
    expect(parseDate(d)).toBeNull();
  });

  it.each(['00:00', '09:05', '12:00', '23:59'])('time %s is valid', (t) => {
    expect(parseTime(t)?.toString({ smallestUnit: 'minute' })).toBe(t);
  });

  it.each(['24:00', '9:00', '09:5', '09:60', '0900', '09:00:00', '09h00', '9am', '-1:00', '', ' 09:00'])(
    'time %j is rejected',
    (t) => {
      expect(parseTime(t)).toBeNull();
    },
  );

  it('rejects non-strings', () => {
    expect(parseDate(20260105)).toBeNull();
    expect(parseTime(null)).toBeNull();
  });
});

describe('resolveScheduledDates', () => {
  it('reads pairs in Africa/Kinshasa (UTC+1)', () => {
    expect(isoOk(resolveScheduledDates([{ date: '2027-01-05', time: '09:00' }], KIN, NOW))).toEqual([
      '2027-01-05T08:00:00.000Z',
    ]);
  });

  it('keeps the input order and duplicates', () => {
    const r = resolveScheduledDates(
      [
        { date: '2026-03-01', time: '18:30' },
        { date: '2026-02-01', time: '00:00' },
        { date: '2026-03-01', time: '18:30' },
        { date: '2026-02-28', time: '23:59' },
      ],
      KIN,
      NOW,
    );
    expect(isoOk(r)).toEqual([
      '2026-03-01T17:30:00.000Z',
      '2026-01-31T23:00:00.000Z',
      '2026-03-01T17:30:00.000Z',
      '2026-02-28T22:59:00.000Z',
    ]);
  });

  it('an empty list is ok and empty', () => {
    expect(resolveScheduledDates([], KIN, NOW)).toEqual({ ok: true, instants: [] });
  });

  it('Europe/Paris: 2026-03-29 02:30 does not exist', () => {
    expect(resolveScheduledDates([{ date: '2026-03-29', time: '02:30' }], PARIS, NOW)).toMatchObject({
      ok: false,
      issues: [
        {
          field: 'scheduled_dates[0].time',
          code: 'INVALID_FIELD_FORMAT',
          message: '2026-03-29 02:30 does not exist in Europe/Paris (clocks move forward)',
        },
      ],
    });
    // Either side of the gap is fine.
    expect(
      isoOk(
        resolveScheduledDates(
          [
            { date: '2026-03-29', time: '01:59' },
            { date: '2026-03-29', time: '03:00' },
          ],
          PARIS,
          NOW,
        ),
      ),
    ).toEqual(['2026-03-29T00:59:00.000Z', '2026-03-29T01:00:00.000Z']);
  });

  it('Europe/Paris: ambiguous 2026-10-25 02:30 is the first (CEST) occurrence', () => {
    expect(isoOk(resolveScheduledDates([{ date: '2026-10-25', time: '02:30' }], PARIS, NOW))).toEqual([
      '2026-10-25T00:30:00.000Z',
    ]);
  });

  it('America/New_York: 2026-03-08 02:30 does not exist', () => {
    const r = resolveScheduledDates([{ date: '2026-03-08', time: '02:30' }], NY, NOW);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.map((i) => [i.field, i.code])).toEqual([['scheduled_dates[0].time', 'INVALID_FIELD_FORMAT']]);
  });

  it('America/New_York: ambiguous 2026-11-01 01:30 is the first (EDT) occurrence', () => {
    expect(isoOk(resolveScheduledDates([{ date: '2026-11-01', time: '01:30' }], NY, NOW))).toEqual([
      '2026-11-01T05:30:00.000Z',
    ]);
  });

  it('rejects pairs at or before now', () => {
    const now = new Date('2027-01-05T08:00:00.000Z'); // 09:00 in Kinshasa
    const r = resolveScheduledDates(
      [
        { date: '2027-01-05', time: '09:00' },
        { date: '2027-01-05', time: '09:01' },
        { date: '2027-01-04', time: '23:59' },
      ],
      KIN,
      now,
    );
    expect(r).toMatchObject({
      ok: false,
      issues: [
        {
          field: 'scheduled_dates[0]',
          code: 'SCHEDULE_IN_PAST',
          message: '2027-01-05 09:00 Africa/Kinshasa is in the past',
        },
        {
          field: 'scheduled_dates[2]',
          code: 'SCHEDULE_IN_PAST',
          message: '2027-01-04 23:59 Africa/Kinshasa is in the past',
        },
      ],
    });
    expect(isoOk(resolveScheduledDates([{ date: '2027-01-05', time: '09:01' }], KIN, now))).toEqual([
      '2027-01-05T08:01:00.000Z',
    ]);
  });

  it('reports every bad entry with its JSON path', () => {
    const r = resolveScheduledDates(
      [
        { date: '2026-02-30', time: '10:00' },
        { date: '2026-05-01', time: '10:00' },
        { date: '2026-05-01', time: '24:00' },
        { date: '2025-12-31', time: '23:00' },
        { date: '2026-03-29', time: '02:00' },
        { date: '2026-5-1', time: '7:00' },
      ],
      PARIS,
      NOW,
    );
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.issues.map((i) => [i.field, i.code])).toEqual([
        ['scheduled_dates[0].date', 'INVALID_FIELD_FORMAT'],
        ['scheduled_dates[2].time', 'INVALID_FIELD_FORMAT'],
        ['scheduled_dates[3]', 'SCHEDULE_IN_PAST'],
        ['scheduled_dates[4].time', 'INVALID_FIELD_FORMAT'],
        ['scheduled_dates[5].date', 'INVALID_FIELD_FORMAT'],
        ['scheduled_dates[5].time', 'INVALID_FIELD_FORMAT'],
      ]);
    }
  });

  it('throws on an unknown time zone', () => {
    expect(() => resolveScheduledDates([{ date: '2027-01-05', time: '09:00' }], 'Mars/Olympus', NOW)).toThrow(
      RangeError,
    );
  });
});

describe('toLocalString', () => {
  it('reads an instant back in the merchant zone', () => {
    expect(toLocalString(new Date('2027-01-05T08:00:00.000Z'), KIN)).toBe('2027-01-05 09:00');
    expect(toLocalString(new Date('2026-10-25T00:30:00.000Z'), PARIS)).toBe('2026-10-25 02:30');
    expect(toLocalString(new Date('2026-10-25T01:30:00.000Z'), PARIS)).toBe('2026-10-25 02:30');
  });
});
