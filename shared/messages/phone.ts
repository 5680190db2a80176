// Recipient phone numbers (contract decision D3).
//
// Shape check first (spaces and dashes removed, then at least 8 characters of
// digits with an optional single leading '+'), then libphonenumber-js parses
// the number to E.164. A number is accepted when libphonenumber says it is
// *possible* (right length for its country), not only when it is *valid*
// (assigned range), so test and newly opened ranges are not rejected.
//
// An accepted number that is not *valid* (no range of its country's numbering
// plan holds it, in libphonenumber's full metadata) is *unlikely*: it is sent
// and charged, but POST /send's answer and the compose form warn about it
// (UNLIKELY_NUMBER), and the carrier simulator refuses it as a real carrier
// would (D11). The typical case is a foreign number typed without its '+':
// `2025550123` read in CD is `+2432025550123`.
//
// Pure and browser-safe: the compose form runs it on every keystroke.
import {
  parsePhoneNumberFromString,
  getCountryCallingCode,
  isSupportedCountry,
  type CountryCode,
  type PhoneNumber,
} from 'libphonenumber-js/max';

/**
 * Why a recipient is refused, as a code and its values, for a page that says it in its own language (D23, the
 * `compose.phoneProblems` catalogue); `reason` is the same in the API's English.
 */
export type PhoneProblem =
  | { code: 'notString' }
  | { code: 'tooShort'; min: number }
  | { code: 'badCharacters' }
  | { code: 'notPossible' }
  | { code: 'unknownCountry'; country: string }
  | { code: 'notPossibleForCountry'; country: string };
type Refused = { ok: false; reason: string; problem: PhoneProblem };
export type NormalizedPhone = { ok: true; e164: string } | Refused;
/** `where`: the country (and calling code) the number was read in, as the message names it. */
export type PhoneWarning = { code: 'UNLIKELY_NUMBER'; message: string; where: string };
/** normalizePhone's answer plus the warning of an accepted but unlikely number (null when none). */
export type CheckedPhone = { ok: true; e164: string; warning: PhoneWarning | null } | Refused;
type Parsed = { ok: true; number: PhoneNumber } | Refused;

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

/** D3: the recipient `raw` in E.164, read in `defaultCountry` (ISO 3166 alpha-2, e.g. 'CD') when it has no '+'. */
export function normalizePhone(raw: string, defaultCountry: string): NormalizedPhone {
  const r = parseRecipient(raw, defaultCountry);
  return r.ok ? { ok: true, e164: r.number.number } : r;
}

/** normalizePhone, and whether the accepted number is unlikely (one parse for both). */
export function checkPhone(raw: string, defaultCountry: string): CheckedPhone {
  const r = parseRecipient(raw, defaultCountry);
  return r.ok ? { ok: true, e164: r.number.number, warning: warningOf(r.number) } : r;
}

/** An E.164 number (as normalizePhone wrote it) that no numbering plan holds: the simulator refuses it (D11). */
export function isUnlikelyNumber(e164: string): boolean {
  const parsed = tryParse(e164);
  return parsed === undefined || !parsed.isValid();
}

function warningOf(p: PhoneNumber): PhoneWarning | null {
  if (p.isValid()) return null;
  const where = p.country ? `${p.country} (+${p.countryCallingCode})` : `+${p.countryCallingCode}`;
  return {
    code: 'UNLIKELY_NUMBER',
    where,
    message: `not a valid number for ${where}: no range of its numbering plan holds it, so carriers will most likely refuse it; a number of another country needs + and its country code`,
  };
}

function parseRecipient(raw: string, defaultCountry: string): Parsed {
  if (typeof raw !== 'string') return { ok: false, reason: 'not a string', problem: { code: 'notString' } };
  const compact = raw.replace(SEPARATORS, '');
  if (compact.length < MIN_PHONE_CHARS) {
    return { ok: false, reason: `fewer than ${MIN_PHONE_CHARS} characters after removing spaces and dashes`, problem: { code: 'tooShort', min: MIN_PHONE_CHARS } };
  }
  if (!SHAPE.test(compact)) {
    return { ok: false, reason: "only digits with an optional single leading '+' are allowed", problem: { code: 'badCharacters' } };
  }

  if (compact.startsWith('+')) {
    const parsed = tryParse(compact);
    if (!possible(parsed)) return { ok: false, reason: 'not a possible international number', problem: { code: 'notPossible' } };
    return { ok: true, number: parsed };
  }

  const country = defaultCountry.toUpperCase();
  if (!isSupportedCountry(country)) {
    return { ok: false, reason: `unknown default country '${defaultCountry}'`, problem: { code: 'unknownCountry', country: defaultCountry } };
  }

  // Digits that start with the default country's calling code (243812345678
  // for CD) are read as an international number without the '+', when that
  // reading is possible.
  const callingCode = getCountryCallingCode(country);
  if (compact.startsWith(callingCode)) {
    const international = tryParse('+' + compact);
    if (possible(international)) return { ok: true, number: international };
  }

  const national = tryParse(compact, country);
  if (!possible(national)) return { ok: false, reason: `not a possible number for ${country}`, problem: { code: 'notPossibleForCountry', country } };
  return { ok: true, number: national };
}
