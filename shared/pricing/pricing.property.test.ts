import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeCost, createPriceResolver, type PricingRow } from './pricing';

/**
 * Property tests (issue 6, hostile input): the price resolver against a
 * brute-force reference of D2 (the longest matching prefix over every row,
 * the first row on a tie, else the default price) and computeCost against
 * exact integer arithmetic in ten-thousandths.
 */
const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
const price = fc.integer({ min: 0, max: 1_000_000 }).map((n) => new Decimal(n).div(10_000).toFixed(4));
const row = (i: number) =>
  fc.record({
    id: fc.constant(`prc_${i}`),
    country: fc.constant('CD'),
    network: fc.constantFrom('Vodacom', 'Orange', 'Airtel', 'Africell'),
    prefixes: fc.array(fc.oneof(digits(1, 6).map((d) => `243${d}`), digits(1, 4), digits(0, 0), digits(1, 5).map((d) => `+${d}`)), { maxLength: 4 }),
    price,
  });
const rows = fc.integer({ min: 0, max: 8 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => row(i))));
const number = fc.oneof(digits(8, 12).map((d) => `+243${d}`), digits(8, 15).map((d) => `+${d}`));

function referencePrice(all: PricingRow[], fallback: string, e164: string): { price: string; rowId: string | null } {
  const d = e164.replace(/^\+/, '');
  let best: { len: number; row: PricingRow } | null = null;
  for (const r of all) {
    for (const raw of r.prefixes) {
      const p = raw.trim().replace(/^\+/, '');
      if (p !== '' && d.startsWith(p) && (!best || p.length > best.len)) best = { len: p.length, row: r };
    }
  }
  return best ? { price: new Decimal(best.row.price).toFixed(4), rowId: best.row.id } : { price: new Decimal(fallback).toFixed(4), rowId: null };
}

describe('createPriceResolver (D2) against brute force', () => {
  it('picks the longest matching prefix, the first row on a tie, else the default price', () => {
    fc.assert(
      fc.property(rows, price, fc.array(number, { minLength: 1, maxLength: 20 }), (all, fallback, numbers) => {
        const resolve = createPriceResolver(all as PricingRow[], fallback);
        for (const n of numbers) {
          const got = resolve(n);
          expect({ price: got.price.toFixed(4), rowId: got.row?.id ?? null }).toEqual(referencePrice(all as PricingRow[], fallback, n));
        }
      }),
      { numRuns: 400 },
    );
  });

  it('refuses a prefix that is not digits, and a negative or malformed price', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 6 }).filter((s) => !/^\+?[0-9]*$/.test(s.trim())), (bad) => {
        expect(() => createPriceResolver([{ id: 'p', country: 'CD', network: 'X', prefixes: [bad], price: '0.01' }], '0.02')).toThrow(RangeError);
      }),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(fc.oneof(fc.constant('-0.01'), fc.constant('abc'), fc.constant('Infinity'), fc.constant('NaN')), (bad) => {
        expect(() => createPriceResolver([], bad)).toThrow(RangeError);
      }),
    );
  });
});

describe('computeCost (D2): exact decimal money', () => {
  it('equals integer arithmetic in ten-thousandths: sum of price x segments x dispatches', () => {
    fc.assert(
      fc.property(
        rows,
        price,
        fc.array(number, { maxLength: 50 }),
        fc.integer({ min: 0, max: 11 }),
        fc.integer({ min: 0, max: 400 }),
        (all, fallback, numbers, segments, dispatches) => {
          const resolve = createPriceResolver(all as PricingRow[], fallback);
          const cost = computeCost(numbers, segments, dispatches, resolve);
          let total = 0n;
          numbers.forEach((n, i) => {
            const units = BigInt(new Decimal(referencePrice(all as PricingRow[], fallback, n).price).times(10_000).toFixed(0));
            const each = units * BigInt(segments) * BigInt(dispatches);
            expect(cost.perRecipient[i].times(10_000).toFixed(0)).toBe(each.toString());
            total += each;
          });
          expect(cost.total.times(10_000).toFixed(0)).toBe(total.toString());
        },
      ),
      { numRuns: 300 },
    );
  });
});
