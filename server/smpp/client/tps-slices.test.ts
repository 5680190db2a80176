import { describe, expect, it } from 'vitest';
import { SLICES_PER_SECOND, sliceBudgets } from './tps-slices';

describe('sliceBudgets: a second of TPS budget in 20 slices of 50 ms', () => {
  it.each([1, 7, 13, 200, 1000, 100_000])('tps %i: the second totals exactly tps, no slice over ceil(tps / 20)', (tps) => {
    const b = sliceBudgets(tps);
    expect(b).toHaveLength(SLICES_PER_SECOND);
    expect(b.reduce((n, x) => n + x, 0)).toBe(tps);
    expect(Math.max(...b)).toBe(Math.ceil(tps / SLICES_PER_SECOND));
    expect(Math.min(...b)).toBeGreaterThanOrEqual(0);
  });

  it.each([1, 7, 13, 200, 1000])('tps %i: any 20 slices in a row hold tps, any 21 at most tps + ceil(tps / 20)', (tps) => {
    const b = sliceBudgets(tps);
    const run = (from: number, n: number) => Array.from({ length: n }, (_, i) => b[(from + i) % SLICES_PER_SECOND]).reduce((s, x) => s + x, 0);
    for (let from = 0; from < SLICES_PER_SECOND; from++) {
      expect(run(from, 20)).toBe(tps);
      expect(run(from, 21)).toBeLessThanOrEqual(tps + Math.ceil(tps / 20));
    }
  });

  it('spreads the budget evenly, a low TPS early in the second', () => {
    expect(sliceBudgets(200)).toEqual(Array(20).fill(10));
    expect(sliceBudgets(1)).toEqual([1, ...Array(19).fill(0)]);
    expect(sliceBudgets(7)).toEqual([1, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0]);
    expect(sliceBudgets(30)).toEqual(Array(10).fill([2, 1]).flat());
  });
});
