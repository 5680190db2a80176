import { z } from 'zod';
import { fieldProblemText } from '@/shared/validation/field-problems';

/**
 * What every contract's text and moments are held to: what Postgres can store and our date code can handle, so
 * that client-sent input is refused with the contract's 400 (1110, or BAD_REQUEST in the dashboard) instead of
 * failing in the database with a 500. Browser-safe: the forms validate with the same schemas.
 */

/**
 * Postgres text cannot hold U+0000, and jsonb refuses `\u0000` and a UTF-16 surrogate without its pair (JSON.stringify
 * writes a lone one as `\ud800`). Plain text columns would silently turn a lone surrogate into U+FFFD: refused too.
 */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
export const UNSTORABLE_TEXT_MESSAGE = fieldProblemText('unstorable');

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/**
 * Text decoded from octets rather than typed (SMPP's UCS-2, where an ESME may cut a surrogate pair between two parts
 * of a long message): each unpaired surrogate becomes U+FFFD, as a UTF-8 encoder would write it.
 */
export function replaceLoneSurrogates(value: string): string {
  return value.replace(LONE_SURROGATE, '\uFFFD');
}

/** A string the database can hold: use in place of `z.string()` in every contract (it chains like one). */
export const DbText = z.string().refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);

/**
 * The calendar dates a client may name, in any date or date-time field. Postgres has no year 0 and our instants are
 * written as ISO strings, so year 0 and beyond 9999 fail there; a day inside this range stays inside it (and inside
 * Postgres's and JavaScript's ranges) whatever the offset or time zone it is read in.
 */
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '9999-12-30';
export const DATE_RANGE_MESSAGE = fieldProblemText('dateRange', { min: MIN_DATE, max: MAX_DATE });

/** True for a value starting with a date from MIN_DATE to MAX_DATE; a value of another shape is left to its format check. */
export function isDateInRange(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return true;
  const day = value.slice(0, 10);
  return day >= MIN_DATE && day <= MAX_DATE;
}
