import type { FieldError } from '@/shared/errors/api-error';
import { isValidKeyword, numberKind } from './keyword';

/**
 * D18's shape rules for a number and its optional keyword, shared by assign and release (CLI and console):
 * a dedicated number is 8-15 digits (E.164 without `+`), a short code 3-7 digits, and only a short code takes a
 * keyword (2-20 letters or digits). Each problem names its field (`number`, `keyword`); none: [].
 */
export function addressProblems(number: string, keyword: string | null): FieldError[] {
  const kind = numberKind(number);
  if (kind === null) {
    return [{ field: 'number', message: 'expected a dedicated number of 8-15 digits (E.164 without +) or a short code of 3-7 digits' }];
  }
  if (keyword === null) return [];
  if (kind === 'number') return [{ field: 'keyword', message: 'only a short code (3-7 digits) takes a keyword: a dedicated number receives every message sent to it' }];
  if (!isValidKeyword(keyword)) return [{ field: 'keyword', message: 'expected 2-20 letters or digits' }];
  return [];
}

/** How messages name an address: `number 243812345678`, `short code 4321 (catch-all)`, `short code 4321 keyword SHOP`. */
export function addressLabel(number: string, keyword: string | null): string {
  if (numberKind(number) !== 'short_code') return `number ${number}`;
  return keyword === null ? `short code ${number} (catch-all)` : `short code ${number} keyword ${keyword}`;
}
