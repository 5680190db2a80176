import { describe, expect, it } from 'vitest';
import { leaseToken } from './deliveries';

describe('leaseToken', () => {
  const at = new Date('2026-11-25T20:00:00.000Z');

  it('is an instant to the microsecond within the second after `at`, as Postgres stores a timestamptz', () => {
    for (let i = 0; i < 200; i++) {
      const t = leaseToken(at);
      expect(t).toMatch(/^2026-11-25T20:00:00\.\d{6}Z$/);
    }
  });

  it('draws from the whole second, not from one millisecond (runs started together must not share a token)', () => {
    // 200 tokens from one `at`: with 10^3 values (the old microseconds of one millisecond) they cover at most 1,000
    // values and collide often; from the second's 10^6 they reach beyond the first millisecond.
    const millis = new Set(Array.from({ length: 200 }, () => leaseToken(at).slice(20, 23)));
    expect(millis.size).toBeGreaterThan(1);
  });
});
