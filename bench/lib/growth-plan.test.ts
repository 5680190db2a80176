import { describe, expect, it } from 'vitest';
import { BULK_SIZE, DRC_MOBILE_PREFIXES, growthPlan, poolPhone, recipientsOf } from './growth-plan';

describe('growthPlan', () => {
  it('splits 1M recipients into single sends and sends of 500, in chunks of about 1M', () => {
    const p = growthPlan(1_000_000);
    expect(p).toMatchObject({ bulks: 1000, singles: 500_000, messages: 501_000, phonePool: 300_000, inbound: 10_000 });
    expect(p.chunks).toEqual([{ from: 0, to: 501_000 }]);
    expect(growthPlan(10_000_000).chunks).toHaveLength(10);
    expect(growthPlan(10_000_000).phonePool).toBe(3_000_000);
  });

  it('numbers every recipient exactly once across the sends', () => {
    const p = growthPlan(23_456);
    let next = 0;
    let bulks = 0;
    for (let n = 0; n < p.messages; n++) {
      const { first, size } = recipientsOf(p, n);
      expect(first).toBe(next);
      next += size;
      if (size === BULK_SIZE) bulks++;
    }
    expect(next).toBe(23_456);
    expect(bulks).toBe(p.bulks);
  });

  it('refuses fewer than 1,000 recipients', () => {
    expect(() => growthPlan(999)).toThrow('--rows 999');
  });
});

describe('poolPhone', () => {
  it('writes +243, a DRC mobile prefix and 7 digits', () => {
    expect(poolPhone(0)).toBe('+243811234567');
    expect(poolPhone(13)).toBe('+243841242486');
    for (let k = 0; k < 1000; k++) expect(DRC_MOBILE_PREFIXES).toContain(poolPhone(k).slice(4, 6));
  });

  it('gives distinct phones to distinct pool indexes', () => {
    const phones = new Set(Array.from({ length: 200_000 }, (_, k) => poolPhone(k)));
    expect(phones.size).toBe(200_000);
  });
});
