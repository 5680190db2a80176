import { describe, expect, it } from 'vitest';
import { addDays, lastLocalDays, localDate, localRange, startOfLocalDay } from './local-days';

describe('local days of the merchant timezone', () => {
  it('the local date of an instant', () => {
    expect(localDate(new Date('2026-11-20T23:30:00Z'), 'Africa/Kinshasa')).toBe('2026-11-21');
    expect(localDate(new Date('2026-11-21T03:30:00Z'), 'America/New_York')).toBe('2026-11-20');
  });
  it('local midnight as an instant, DST included', () => {
    expect(startOfLocalDay('2026-11-21', 'Africa/Kinshasa').toISOString()).toBe('2026-11-20T23:00:00.000Z');
    expect(startOfLocalDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfLocalDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    // Santiago's spring-forward skips midnight: the day starts at 01:00
    expect(startOfLocalDay('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });
  it('the last N days end today; a range covers its end date', () => {
    expect(lastLocalDays(new Date('2026-03-01T12:00:00Z'), 'UTC', 3)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    const r = localRange('Africa/Kinshasa', '2026-11-01', '2026-11-02');
    expect([r.start?.toISOString(), r.end?.toISOString()]).toEqual(['2026-10-31T23:00:00.000Z', '2026-11-02T23:00:00.000Z']);
    expect(localRange('UTC')).toEqual({ start: null, end: null });
  });
});
