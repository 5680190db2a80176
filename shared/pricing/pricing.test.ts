import { describe, it, expect } from 'vitest';
import Decimal from 'decimal.js';
import { createPriceResolver, computeCost, type PricingRow } from './pricing';

const rows: PricingRow[] = [
  { id: 'cd-any', country: 'CD', network: 'Other', prefixes: ['243'], price: '0.0300' },
  { id: 'cd-vodacom', country: 'CD', network: 'Vodacom', prefixes: ['24381', '24382'], price: '0.0175' },
  { id: 'cd-airtel', country: 'CD', network: 'Airtel', prefixes: ['24397', '24399'], price: '0.0200' },
  { id: 'fr-mobile', country: 'FR', network: 'Mobile', prefixes: ['336', '337'], price: '0.0650' },
];

describe('createPriceResolver', () => {
  const resolve = createPriceResolver(rows, '0.01');

  it('picks the longest matching prefix (24381 beats 243)', () => {
    const r = resolve('+243812345678');
    expect(r.row?.id).toBe('cd-vodacom');
    expect(r.price.toString()).toBe('0.0175');
  });

  it('falls back to the shorter prefix when no longer one matches', () => {
    const r = resolve('+243851234567');
    expect(r.row?.id).toBe('cd-any');
    expect(r.price.toString()).toBe('0.03');
  });

  it('matches every prefix of a row', () => {
    expect(resolve('+243991234567').row?.id).toBe('cd-airtel');
    expect(resolve('+243971234567').row?.id).toBe('cd-airtel');
    expect(resolve('+33712345678').row?.id).toBe('fr-mobile');
  });

  it('uses the default price when no row matches', () => {
    const r = resolve('+14155552671');
    expect(r.row).toBeNull();
    expect(r.price.toString()).toBe('0.01');
    // A French fixed line (331...) matches neither 336 nor 337.
    expect(resolve('+33123456789')).toEqual({ price: new Decimal('0.01'), row: null });
  });

  it('accepts digits without the +', () => {
    expect(resolve('243812345678').row?.id).toBe('cd-vodacom');
  });

  it('gives the first row a prefix listed twice', () => {
    const r = createPriceResolver(
      [
        { id: 'first', country: 'CD', network: 'A', prefixes: ['24381'], price: '0.02' },
        { id: 'second', country: 'CD', network: 'B', prefixes: ['24381'], price: '0.03' },
      ],
      '0.01',
    );
    expect(r('+243812345678').row?.id).toBe('first');
  });

  it('with no rows everything is the default price', () => {
    const r = createPriceResolver([], '0.0125');
    expect(r('+243812345678')).toEqual({ price: new Decimal('0.0125'), row: null });
  });

  it('rejects a malformed price or prefix when building', () => {
    expect(() => createPriceResolver([], 'abc')).toThrow(RangeError);
    expect(() => createPriceResolver([{ ...rows[0], price: '-1' }], '0.01')).toThrow(RangeError);
    expect(() => createPriceResolver([{ ...rows[0], prefixes: ['24 3'] }], '0.01')).toThrow(RangeError);
  });

  it('resolves 20,000 numbers quickly against 1,000 prefixes', () => {
    const many: PricingRow[] = Array.from({ length: 1000 }, (_, i) => ({
      id: `r${i}`,
      country: 'XX',
      network: `n${i}`,
      prefixes: [String(100000 + i)],
      price: '0.02',
    }));
    const r = createPriceResolver([...rows, ...many], '0.01');
    const start = performance.now();
    let vodacom = 0;
    for (let i = 0; i < 20000; i++) {
      if (r(`+24381${String(i).padStart(7, '0')}`).row?.id === 'cd-vodacom') vodacom++;
    }
    expect(vodacom).toBe(20000);
    expect(performance.now() - start).toBeLessThan(500);
  });
});

describe('computeCost', () => {
  const resolve = createPriceResolver(rows, '0.01');

  it('3 recipients at 0.0175 x 2 segments x 3 dispatches = 0.315 exactly', () => {
    const cost = computeCost(['+243812345678', '+243821111111', '+243812222222'], 2, 3, resolve);
    expect(cost.total.toString()).toBe('0.315');
    expect(cost.total.equals(new Decimal('0.315'))).toBe(true);
    expect(cost.perRecipient.map((d) => d.toString())).toEqual(['0.105', '0.105', '0.105']);
  });

  it('sums mixed prices per recipient', () => {
    // 0.0175 + 0.03 + 0.02 + 0.065 + 0.01 = 0.1425 per segment and dispatch.
    const cost = computeCost(
      ['+243812345678', '+243851234567', '+243991234567', '+33612345678', '+14155552671'],
      3,
      1,
      resolve,
    );
    expect(cost.perRecipient.map((d) => d.toString())).toEqual(['0.0525', '0.09', '0.06', '0.195', '0.03']);
    expect(cost.total.toString()).toBe('0.4275');
  });

  it('avoids the 0.1 + 0.2 float trap', () => {
    expect(0.1 + 0.2).not.toBe(0.3); // the trap exists in binary floats...
    const r = createPriceResolver(
      [
        { id: 'a', country: 'A', network: 'a', prefixes: ['1'], price: '0.1' },
        { id: 'b', country: 'B', network: 'b', prefixes: ['2'], price: '0.2' },
      ],
      '0.01',
    );
    const cost = computeCost(['+1555', '+2555'], 1, 1, r);
    expect(cost.total.toString()).toBe('0.3'); // ...not in the cost
    expect(cost.total.toNumber()).toBe(0.3);
  });

  it('stays exact over many small amounts', () => {
    // 10,000 x 0.01 in floats is 100.00000000000147; here it is exactly 100.
    const cost = computeCost(Array(10000).fill('+14155552671'), 1, 1, resolve);
    expect(cost.total.toString()).toBe('100');
    // 1000 recipients x 11 segments x 365 dispatches x 0.0175 = 70262.5
    const big = computeCost(Array(1000).fill('+243812345678'), 11, 365, resolve);
    expect(big.total.toString()).toBe('70262.5');
    expect(big.total.toFixed(4)).toBe('70262.5000');
  });

  it('is zero for no recipients, zero segments or zero dispatches', () => {
    expect(computeCost([], 2, 3, resolve)).toEqual({ total: new Decimal(0), perDispatch: new Decimal(0), perRecipient: [], prices: [] });
    expect(computeCost(['+243812345678'], 0, 3, resolve).total.toString()).toBe('0');
    expect(computeCost(['+243812345678'], 2, 0, resolve).total.toString()).toBe('0');
  });

  it('charges perDispatch x dispatches, perDispatch being the sum of prices x segments (what a send writes per dispatch)', () => {
    const cost = computeCost(['+243812345678', '+243971234567', '+33612345678'], 2, 3, resolve);
    expect(cost.prices.map((p) => p.price.toString())).toEqual(cost.perRecipient.map((d) => d.div(6).toString()));
    expect(cost.perDispatch.times(3).toString()).toBe(cost.total.toString());
    expect(cost.perRecipient.reduce((a, d) => a.plus(d), new Decimal(0)).toString()).toBe(cost.total.toString());
  });

  it('rejects non-integer or negative counts', () => {
    expect(() => computeCost(['+243812345678'], 1.5, 1, resolve)).toThrow(RangeError);
    expect(() => computeCost(['+243812345678'], 1, -1, resolve)).toThrow(RangeError);
  });
});
