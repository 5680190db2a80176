// Recipient phone numbers (contract decision D3).
//
// Shape check first (spaces and dashes removed, then at least 8 characters of
// digits with an optional single leading '+'), then libphonenumber-js parses
// the number to E.164. A number is accepted when libphonenumber says it is
// *possible* (right length for its country), not only when it is *valid*
// (assigned range), so test and newly opened ranges are not rejected.
import {
  parsePhoneNumberFromString,
  getCountryCallingCode,
  isSupportedCountry,
  type CountryCode,
  type PhoneNumber,
} from 'libphonenumber-js/max';

export type NormalizedPhone = { ok: true; e164: string } | { ok: false; reason: string };
export type NormalizedRecipients = { ok: true; numbers: string[] } | { ok: false; badIndexes: number[] };

export const MIN_PHONE_CHARS = 8;

// Whitespace of any kind (space, tab, NBSP) and ASCII dashes are separators.
const SEPARATORS = /[\s-]+/g;
const SHAPE = /^\+?[0-9]+$/;

// `text` always passed SHAPE (digits, an optional leading '+'), so the whole text is the number: `extract: false`
// skips libphonenumber's search for a number inside free text (two regular expressions that return such a text
// whole), about half its parse time.
function tryParse(text: string, country?: CountryCode): PhoneNumber | undefined {
  try {
    return parsePhoneNumberFromString(text, country === undefined ? { extract: false } : { defaultCountry: country, extract: false });
  } catch {
    return undefined;
  }
}

function possible(p: PhoneNumber | undefined): p is PhoneNumber {
  return p !== undefined && p.isPossible();
}

export function normalizePhone(
  raw: string,
  defaultCountry: string /* ISO 3166 alpha-2, e.g. 'CD' */,
): NormalizedPhone {
  if (typeof raw !== 'string') return { ok: false, reason: 'not a string' };
  const compact = raw.replace(SEPARATORS, '');
  if (compact.length < MIN_PHONE_CHARS) {
    return { ok: false, reason: `fewer than ${MIN_PHONE_CHARS} characters after removing spaces and dashes` };
  }
  if (!SHAPE.test(compact)) {
    return { ok: false, reason: "only digits with an optional single leading '+' are allowed" };
  }

  if (compact.startsWith('+')) {
    const parsed = tryParse(compact);
    if (!possible(parsed)) return { ok: false, reason: 'not a possible international number' };
    return { ok: true, e164: parsed.number };
  }

  const country = defaultCountry.toUpperCase();
  if (!isSupportedCountry(country)) {
    return { ok: false, reason: `unknown default country '${defaultCountry}'` };
  }

  // Digits that start with the default country's calling code (243812345678
  // for CD) are read as an international number without the '+', when that
  // reading is possible.
  const callingCode = getCountryCallingCode(country);
  if (compact.startsWith(callingCode)) {
    const international = tryParse('+' + compact);
    if (possible(international)) return { ok: true, e164: international.number };
  }

  const national = tryParse(compact, country);
  if (!possible(national)) return { ok: false, reason: `not a possible number for ${country}` };
  return { ok: true, e164: national.number };
}

/** Normalize every entry of `to`; on failure name every bad index. Duplicates are kept. */
export function normalizeRecipients(to: string[], defaultCountry: string): NormalizedRecipients {
  const numbers: string[] = [];
  const badIndexes: number[] = [];
  to.forEach((raw, i) => {
    const r = normalizePhone(raw, defaultCountry);
    if (r.ok) numbers.push(r.e164);
    else badIndexes.push(i);
  });
  return badIndexes.length > 0 ? { ok: false, badIndexes } : { ok: true, numbers };
}
