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
  it('parses amounts with at most 4 decimals', () => {
    expect(parseAmount('10')?.toString()).toBe('10');
    expect(parseAmount('0.0125')?.toString()).toBe('0.0125');
    expect(parseAmount('0.00001')).toBeNull();
    expect(parseAmount('-1')).toBeNull();
    expect(parseAmount('1e3')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
  });
});
