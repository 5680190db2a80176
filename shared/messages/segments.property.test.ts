import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeMessage, carrierSplit, CONNECTOR_GSM_CODINGS, type LongMethod } from './segments';

/**
 * Property tests (issue 6, hostile input): analyzeMessage against a reference
 * model written independently from the D1 text: it builds the actual parts a
 * splitter would send (greedy, a character never cut across two parts) and
 * counts them. The same reference pins what every connector sends (D21): the billed parts, in its data_coding.
 */
const BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const EXTENSION = '\f^{}\\[~]|€';

function referenceParts(text: string) {
  const chars = [...text];
  const gsm = chars.every((c) => BASIC.includes(c) || EXTENSION.includes(c));
  const size = (c: string) => (gsm ? (EXTENSION.includes(c) ? 2 : 1) : c.length);
  const units = chars.reduce((n, c) => n + size(c), 0);
  const [single, part] = gsm ? [160, 153] : [70, 67];
  if (chars.length === 0) return { encoding: 'GSM-7', units: 0, segments: 0, codePoints: 0, parts: [] };
  if (units <= single) return { encoding: gsm ? 'GSM-7' : 'UCS-2', units, segments: 1, codePoints: chars.length, parts: [text] };
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
  return { encoding: gsm ? 'GSM-7' : 'UCS-2', units, segments: parts.length, codePoints: chars.length, parts: parts.map((p) => p.join('')) };
}

function reference(text: string) {
  const { parts: _parts, ...analysis } = referenceParts(text);
  return analysis;
}

/** Reads a part's octets back in its data_coding, independently of the module: 0 unpacked septets, 3 Latin-1, 8 UCS-2 BE. */
function decode(octets: Uint8Array, dataCoding: number): string {
  const bytes = [...octets];
  if (dataCoding === 3) return String.fromCharCode(...bytes);
  if (dataCoding === 8) return Array.from({ length: bytes.length / 2 }, (_, i) => String.fromCharCode((bytes[2 * i] << 8) | bytes[2 * i + 1])).join('');
  const basic = BASIC.slice(0, 27) + '\u001b' + BASIC.slice(27); // the table's positions, 0x1B the escape
  const extensionCodes = [0x0a, 0x14, 0x28, 0x29, 0x2f, 0x3c, 0x3d, 0x3e, 0x40, 0x65]; // of EXTENSION, in order
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += bytes[i] === 0x1b ? [...EXTENSION][extensionCodes.indexOf(bytes[++i])] : basic[bytes[i]];
  return out;
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
const gsmText = fc.array(fc.oneof({ weight: 5, arbitrary: basicChar }, { weight: 1, arbitrary: extensionChar }), { maxLength: 700, size: 'max' }).map((a) => a.join(''));
const anyText = fc.array(anyChar, { maxLength: 700, size: 'max' }).map((a) => a.join(''));

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
      fc.property(fc.array(basicChar, { maxLength: 1700, size: 'max' }).map((a) => a.join('')), (text) => {
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

const longMethods: LongMethod[] = ['udh', 'sar', 'payload'];
const connectors = CONNECTOR_GSM_CODINGS.flatMap((gsmCoding) => longMethods.map((long) => ({ gsmCoding, long })));
/** Long texts (fast-check's default size keeps arrays short): UCS-2 ones, GSM-7 ones Latin-1 can carry, and GSM-7 ones it cannot (€, Δ). */
const textOf = (chars: fc.Arbitrary<string>) => fc.array(chars, { minLength: 1, maxLength: 700, size: 'max' }).map((a) => a.join(''));
const carrierText = fc.oneof(
  textOf(fc.oneof({ weight: 20, arbitrary: basicChar }, { weight: 1, arbitrary: ucsChar })),
  textOf(fc.constantFrom(...'abc ÄÉ@£.^{}[]\n')),
  textOf(fc.oneof({ weight: 30, arbitrary: fc.constantFrom(...'abc ÄÉ@£.') }, { weight: 1, arbitrary: fc.constantFrom('€', 'Δ') })),
);

describe('carrierSplit (D21): what a connector sends is what is billed', () => {
  it.each(connectors)('data_coding for GSM %o: the billed parts, or one message_payload PDU with the whole text', ({ gsmCoding, long }) => {
    fc.assert(
      fc.property(carrierText, (text) => {
        const billed = referenceParts(text);
        const split = carrierSplit(text, { gsmCoding, long });
        const limit = split.dataCoding === 0 ? (billed.segments > 1 ? 153 : 160) : billed.segments > 1 ? 134 : 140;
        expect(split.dataCoding).toBe(billed.encoding === 'UCS-2' ? 8 : gsmCoding === 3 && [...text].every((c) => c.codePointAt(0)! <= 0xff) ? 3 : gsmCoding === 0 ? 0 : 8);
        if (split.payload) {
          // Only a long message goes as a payload: with the payload method, or when a billed part would not fit
          // in one part of the connector's coding (Latin-1's 140 octets against GSM-7's 160 septets).
          expect(split.parts).toHaveLength(1);
          expect(decode(split.parts[0], split.dataCoding)).toBe(text);
          const encodedSizes = billed.parts.map((p) => (split.dataCoding === 8 ? p.length * 2 : split.dataCoding === 3 ? p.length : referenceParts(p).units));
          expect(long === 'payload' ? billed.segments > 1 || encodedSizes[0] > limit : encodedSizes.some((n) => n > limit)).toBe(true);
        } else {
          expect(split.parts.map((p) => decode(p, split.dataCoding))).toEqual(billed.parts);
          expect(split.parts).toHaveLength(billed.segments);
          for (const p of split.parts) expect(p.length).toBeLessThanOrEqual(limit);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a 141-160 character GSM-7 text through data_coding 3 is billed 1 segment and goes in one PDU (message_payload)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 141, max: 160 }), fc.constantFrom<LongMethod>(...longMethods), (n, long) => {
        const text = 'é'.repeat(n);
        expect(analyzeMessage(text).segments).toBe(1);
        expect(carrierSplit(text, { gsmCoding: 3, long })).toEqual({ dataCoding: 3, payload: true, parts: [new Uint8Array(n).fill(0xe9)] });
      }),
    );
  });
});
