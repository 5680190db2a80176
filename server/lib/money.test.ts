import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { money, parseAmount, round, toAmount, toDbAmount } from './money';

describe('money', () => {
  it('adds without binary float error', () => {
    expect(money('0.1').plus('0.2').toString()).toBe('0.3');
    expect(toAmount(money('0.0175').times(3).times(2))).toBe(0.105);
  });
  it('rounds half up, never half even', () => {
    expect(round('2.345', 2).toFixed(2)).toBe('2.35');
    expect(round('2.355', 2).toFixed(2)).toBe('2.36');
    expect(round('0.00005', 4).toFixed(4)).toBe('0.0001');
    expect(round('0.01245', 4).toFixed(4)).toBe('0.0125');
  });
  it('formats for the database and for JSON', () => {
    expect(toDbAmount('12')).toBe('12.0000');
    expect(toDbAmount('0.123456')).toBe('0.1235');
    expect(toAmount('100.5000')).toBe(100.5);
    expect(toAmount('0')).toBe(0);
  });
  it('toAmount of a database decimal (no rounding needed) is exactly the rounded path', () => {
    const rounded = (v: string) => Number(round(v, 4).toFixed(4));
    for (const v of ['0', '-0', '-0.0000', '0.0000', '12.3400', '0.0195', '007.5', '99999999999999.9999', '-5.5', '123456789012345678.1234']) {
      expect(Object.is(toAmount(v), rounded(v))).toBe(true);
    }
    const decimalText = fc
      .tuple(fc.boolean(), fc.stringMatching(/^\d{1,20}$/), fc.option(fc.stringMatching(/^\d{1,6}$/), { nil: undefined }))
      .map(([neg, int, frac]) => `${neg ? '-' : ''}${int}${frac === undefined ? '' : `.${frac}`}`);
    fc.assert(fc.property(decimalText, (v) => Object.is(toAmount(v), rounded(v))), { numRuns: 5000 });
    expect(toAmount('0.12345')).toBe(0.1235); // more than 4 decimals: rounded half up
    expect(toAmount('1e3')).toBe(1000);
  });
  it('formats a Decimal as the rounded path does, whatever its class or decimal places', () => {
    const viaRound = (v: Decimal.Value) => round(v, 4).toFixed(4);
    const decimalText = fc
      .tuple(fc.boolean(), fc.stringMatching(/^\d{1,22}$/), fc.option(fc.stringMatching(/^\d{1,7}$/), { nil: undefined }))
      .map(([neg, int, frac]) => `${neg ? '-' : ''}${int}${frac === undefined ? '' : `.${frac}`}`);
    const check = (d: Decimal) => {
      expect(toDbAmount(d)).toBe(viaRound(d));
      expect(Object.is(toAmount(d), Number(viaRound(d)))).toBe(true);
    };
    fc.assert(
      fc.property(decimalText, fc.integer({ min: 1, max: 2000 }), (v, n) => {
        for (const d of [new Decimal(v), money(v), money(v).times(n), new Decimal(v).times(n).dividedBy(3), money(v).plus('0.00005')]) check(d);
      }),
      { numRuns: 3000 },
    );
    for (const v of ['0', '-0', '0.0200', '1e-5', '1e25', '-1e-9', '123456789012345678901234.5']) check(new Decimal(v));
    expect(toDbAmount(new Decimal('0.02'))).toBe('0.0200');
  });
  it('parses amounts with at most 4 decimals', () => {
    expect(parseAmount('10')?.toString()).toBe('10');
    expect(parseAmount('0.0125')?.toString()).toBe('0.0125');
    expect(parseAmount('0.00001')).toBeNull();
    expect(parseAmount('-1')).toBeNull();
    expect(parseAmount('1e3')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
  });
});
