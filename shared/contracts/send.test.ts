import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DATE_PATTERN, PHONE_PATTERN, SendRequest, TIME_PATTERN } from './send';

/**
 * The patterns the OpenAPI document states must accept exactly what the zod
 * checks accept, so a generated validator rejects what the server rejects.
 */
const toOk = (s: string) => SendRequest.safeParse({ to: [s], message: 'x' }).success;
const field = (schedule: Record<string, unknown>) => SendRequest.safeParse({ to: ['+243812345678'], message: 'x', ...schedule });

describe('document patterns match the server checks', () => {
  it('phone numbers (D3 shape)', () => {
    const re = new RegExp(PHONE_PATTERN);
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('0', '1', '9', '+', ' ', '-', '\t', 'a', '(', '\u00a0'), maxLength: 14 }), (s) => {
        expect(re.test(s), JSON.stringify(s)).toBe(toOk(s));
      }),
      { numRuns: 20_000, seed: 13 },
    );
    for (const s of ['+243812345678', '0812345678', '081 234-5678', '+1234567', '1234567', '+123456', '12+34567890', '']) expect(re.test(s)).toBe(toOk(s));
  });

  it('dates and times are shapes; the server also refuses impossible ones', () => {
    expect(new RegExp(DATE_PATTERN).test('2026-12-24')).toBe(true);
    expect(new RegExp(DATE_PATTERN).test('2026-1-24')).toBe(false);
    for (const [t, ok] of [['09:30', true], ['23:59', true], ['24:00', false], ['9:30', false], ['09:60', false]] as const) {
      expect(new RegExp(TIME_PATTERN).test(t), t).toBe(ok);
    }
    expect(field({ scheduled_dates: [{ date: '2026-12-24', time: '09:30' }] }).success).toBe(true);
  });
});
