import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeMessage } from './segments';

/**
 * Property tests (issue 6, hostile input): analyzeMessage against a reference
 * model written independently from the D1 text: it builds the actual parts a
 * splitter would send (greedy, a character never cut across two parts) and
 * counts them.
 */
const BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const EXTENSION = '\f^{}\\[~]|€';

function reference(text: string) {
  const chars = [...text];
  const gsm = chars.every((c) => BASIC.includes(c) || EXTENSION.includes(c));
  const size = (c: string) => (gsm ? (EXTENSION.includes(c) ? 2 : 1) : c.length);
  const units = chars.reduce((n, c) => n + size(c), 0);
  const [single, part] = gsm ? [160, 153] : [70, 67];
  if (chars.length === 0) return { encoding: 'GSM-7', units: 0, segments: 0, codePoints: 0 };
  if (units <= single) return { encoding: gsm ? 'GSM-7' : 'UCS-2', units, segments: 1, codePoints: chars.length };
  const parts: string[][] = [[]];
  let used = 0;
  for (const c of chars) {
    if (used + size(c) > part) {
      parts.push([]);
      used = 0;
    }
    parts[parts.length - 1].push(c);
    used += size(c);
  }
  return { encoding: gsm ? 'GSM-7' : 'UCS-2', units, segments: parts.length, codePoints: chars.length };
}

const basicChar = fc.constantFrom(...BASIC);
const extensionChar = fc.constantFrom(...EXTENSION);
const ucsChar = fc.constantFrom('é', 'ç', 'ش', 'ж', '中', '😀', '👍🏽', '\u200b', '𝄞', 'ā', '\ud83d', '\udc00');
const anyChar = fc.oneof(
  { weight: 6, arbitrary: basicChar },
  { weight: 2, arbitrary: extensionChar },
  { weight: 1, arbitrary: ucsChar },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
);
const gsmText = fc.array(fc.oneof({ weight: 5, arbitrary: basicChar }, { weight: 1, arbitrary: extensionChar }), { maxLength: 700 }).map((a) => a.join(''));
const anyText = fc.array(anyChar, { maxLength: 700 }).map((a) => a.join(''));

describe('analyzeMessage (D1) against a reference splitter', () => {
  it('matches the reference for GSM-7 texts with extension characters', () => {
    fc.assert(
      fc.property(gsmText, (text) => {
        const got = analyzeMessage(text);
        expect({ encoding: got.encoding, units: got.units, segments: got.segments, codePoints: got.codePoints }).toEqual(reference(text));
      }),
      { numRuns: 500 },
    );
  });

  it('matches the reference for any text (UCS-2, surrogate pairs, lone surrogates)', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const got = analyzeMessage(text);
        expect({ encoding: got.encoding, units: got.units, segments: got.segments, codePoints: got.codePoints }).toEqual(reference(text));
      }),
      { numRuns: 500 },
    );
  });

  it('plain GSM text follows the spec formula exactly: 1 up to 160, else ceil(n / 153)', () => {
    fc.assert(
      fc.property(fc.array(basicChar, { maxLength: 1700 }).map((a) => a.join('')), (text) => {
        const n = [...text].length;
        expect(analyzeMessage(text).segments).toBe(n === 0 ? 0 : n <= 160 ? 1 : Math.ceil(n / 153));
      }),
      { numRuns: 300 },
    );
  });

  it('is monotonic, bounded, and reports the characters that forced UCS-2', () => {
    fc.assert(
      fc.property(anyText, anyChar, (text, c) => {
        const a = analyzeMessage(text);
        const b = analyzeMessage(text + c);
        if (a.encoding === b.encoding) expect(b.segments).toBeGreaterThanOrEqual(a.segments);
        // a pushed escape or surrogate pair loses at most one unit per part
        if (a.segments > 1) expect(a.segments).toBeLessThanOrEqual(Math.ceil(a.units / (a.encoding === 'GSM-7' ? 152 : 66)));
        expect(a.encoding === 'UCS-2').toBe(a.nonGsmChars.length > 0);
        for (const ch of a.nonGsmChars) expect(BASIC.includes(ch) || EXTENSION.includes(ch)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});
