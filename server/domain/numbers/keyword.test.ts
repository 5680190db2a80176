import { describe, expect, it } from 'vitest';
import { foldKeyword, foldWholeText, isValidKeyword, numberKind, splitFirstWord } from './keyword';

describe('D18 keywords', () => {
  it('folds case and accents into one keyword', () => {
    expect(['Shop', 'SHOP', 'shôp', 'SHÖP'].map(foldKeyword)).toEqual(['SHOP', 'SHOP', 'SHOP', 'SHOP']);
    expect(foldKeyword('Arrêter')).toBe('ARRETER');
  });
  it('accepts 2-20 letters or digits only', () => {
    expect(isValidKeyword('SHOP')).toBe(true);
    expect(isValidKeyword('shôp')).toBe(true);
    expect(isValidKeyword('A1')).toBe(true);
    expect(isValidKeyword('A')).toBe(false);
    expect(isValidKeyword('A'.repeat(21))).toBe(false);
    expect(isValidKeyword('SH OP')).toBe(false);
    expect(isValidKeyword('SHOP!')).toBe(false);
    expect(isValidKeyword('ΣΟΦΙΑ')).toBe(false);
  });
  it("takes an MO's first word without edge punctuation", () => {
    expect(splitFirstWord('  Shôp! 2 shirts')).toEqual({ word: 'SHOP', rest: '2 shirts' });
    expect(splitFirstWord('"shop"')).toEqual({ word: 'SHOP', rest: '' });
    expect(splitFirstWord('shop\nmore')).toEqual({ word: 'SHOP', rest: 'more' });
    expect(splitFirstWord('')).toEqual({ word: '', rest: '' });
  });
  it('folds a whole text for the opt-out keywords', () => {
    expect(foldWholeText('  stop. ')).toBe('STOP');
    expect(foldWholeText('Arrêt!')).toBe('ARRET');
    expect(foldWholeText('STOP PLEASE')).toBe('STOP PLEASE');
  });
  it('tells dedicated numbers from short codes', () => {
    expect(numberKind('4321')).toBe('short_code');
    expect(numberKind('243812345678')).toBe('number');
    expect(numberKind('12')).toBe(null);
    expect(numberKind('+243812345678')).toBe(null);
    expect(numberKind('0812345678')).toBe(null);
  });
});
