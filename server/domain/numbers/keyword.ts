/**
 * D18 keyword rules, shared by number assignment, MO routing and the D19
 * opt-out keywords. Pure functions (no I/O).
 */

/** Routing form of a keyword: accents removed (NFD, combining marks dropped), upper case. `shôp` -> `SHOP`. */
export function foldKeyword(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
}

/** A keyword an operator may assign: 2-20 letters or digits, and still 2-20 of A-Z0-9 once folded. */
export function isValidKeyword(keyword: string): boolean {
  return /^[\p{L}\p{N}]{2,20}$/u.test(keyword) && /^[A-Z0-9]{2,20}$/.test(foldKeyword(keyword));
}

const EDGE_PUNCTUATION = /^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu;

/** Leading and trailing punctuation (and symbols) removed. */
export function trimPunctuation(text: string): string {
  return text.replace(EDGE_PUNCTUATION, '');
}

/**
 * An MO's first word (the text up to its first whitespace, leading and trailing punctuation removed), folded,
 * and the rest of the text after it (leading whitespace removed). `"  Shôp! 2 shirts"` -> `{ word: 'SHOP', rest: '2 shirts' }`.
 */
export function splitFirstWord(text: string): { word: string; rest: string } {
  const trimmed = text.replace(/^\s+/u, '');
  const match = /^(\S*)\s*([\s\S]*)$/u.exec(trimmed);
  const first = match?.[1] ?? '';
  return { word: foldKeyword(trimPunctuation(first)), rest: match?.[2] ?? '' };
}

/** Whole-text form for D19's keyword match: trimmed of spaces and edge punctuation, folded. */
export function foldWholeText(text: string): string {
  return foldKeyword(trimPunctuation(text.trim()).trim());
}

/** A dedicated number is 8-15 digits (E.164 without `+`), a short code 3-7 digits. */
export function numberKind(number: string): 'number' | 'short_code' | null {
  if (/^[0-9]{3,7}$/.test(number)) return 'short_code';
  if (/^[1-9][0-9]{7,14}$/.test(number)) return 'number';
  return null;
}
