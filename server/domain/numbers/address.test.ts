import { describe, expect, it } from 'vitest';
import { addressLabel, addressProblems } from './address';

describe('addressProblems (D18 shapes)', () => {
  it.each([
    ['4321', null],
    ['123', null],
    ['1234567', 'SHOP'],
    ['4321', 'shôp'],
    ['12345678', null],
    ['243812345678901', null],
  ])('accepts %s %s', (number, keyword) => expect(addressProblems(number, keyword)).toEqual([]));

  it.each([
    ['12', null, 'number'],
    ['2438123456789012', null, 'number'],
    ['0812345678', null, 'number'],
    ['+4321', null, 'number'],
    ['43 21', null, 'number'],
    ['243812345678', 'SHOP', 'keyword'],
    ['4321', 'S', 'keyword'],
    ['4321', 'A'.repeat(21), 'keyword'],
    ['4321', 'TWO WORDS', 'keyword'],
    ['4321', 'Привет', 'keyword'],
  ])('refuses %s %s: %s', (number, keyword, field) => expect(addressProblems(number, keyword).map((p) => p.field)).toEqual([field]));
});

describe('addressLabel', () => {
  it('names the kind of address', () => {
    expect(addressLabel('243812345678', null)).toBe('number 243812345678');
    expect(addressLabel('4321', null)).toBe('short code 4321 (catch-all)');
    expect(addressLabel('4321', 'SHOP')).toBe('short code 4321 keyword SHOP');
  });
});
