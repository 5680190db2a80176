import { describe, it, expect } from 'vitest';
import { analyzeMessage, gsmSeptets } from './segments';

const a = (n: number) => 'a'.repeat(n);
const EMOJI = '😀'; // U+1F600, a surrogate pair in UTF-16

describe('analyzeMessage: GSM 03.38 table', () => {
  it('accepts every character of the basic table as 1 septet', () => {
    const basic =
      '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
      '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
    expect(Array.from(basic)).toHaveLength(127);
    expect(analyzeMessage(basic)).toEqual({
      encoding: 'GSM-7',
      units: 127,
      segments: 1,
      codePoints: 127,
      nonGsmChars: [],
    });
  });

  it('counts every extension character as 2 septets', () => {
    for (const ch of ['^', '{', '}', '\\', '[', '~', ']', '|', '€', '\f']) {
      expect(gsmSeptets(ch)).toBe(2);
      expect(analyzeMessage(ch)).toEqual({
        encoding: 'GSM-7',
        units: 2,
        segments: 1,
        codePoints: 1,
        nonGsmChars: [],
      });
    }
  });

  it('counts € as 2 septets inside a message', () => {
    expect(analyzeMessage('Price: 10€')).toMatchObject({ encoding: 'GSM-7', units: 11, codePoints: 10 });
    // 159 + 2 = 161 septets: two segments although only 160 characters.
    expect(analyzeMessage(a(158) + '€')).toMatchObject({ units: 160, segments: 1, codePoints: 159 });
    expect(analyzeMessage(a(159) + '€')).toMatchObject({ units: 161, segments: 2, codePoints: 160 });
  });

  it('treats characters that look GSM but are not (ç, á, `, ’) as UCS-2', () => {
    expect(gsmSeptets('ç')).toBeNull();
    expect(gsmSeptets('á')).toBeNull();
    expect(gsmSeptets('`')).toBeNull();
    expect(gsmSeptets('’')).toBeNull();
    expect(gsmSeptets('\t')).toBeNull();
  });

  it('a single non-GSM character makes the whole message UCS-2 and is named', () => {
    expect(analyzeMessage('Hello ça va')).toEqual({
      encoding: 'UCS-2',
      units: 11,
      segments: 1,
      codePoints: 11,
      nonGsmChars: ['ç'],
    });
  });

  it('lists distinct non-GSM characters in order of first appearance', () => {
    expect(analyzeMessage('á b ç á ' + EMOJI + ' ç').nonGsmChars).toEqual(['á', 'ç', EMOJI]);
  });

  it('returns 0 segments for the empty string', () => {
    expect(analyzeMessage('')).toEqual({
      encoding: 'GSM-7',
      units: 0,
      segments: 0,
      codePoints: 0,
      nonGsmChars: [],
    });
  });
});

describe('analyzeMessage: GSM-7 boundaries', () => {
  it.each([
    [1, 1],
    [160, 1],
    [161, 2],
    [306, 2],
    [307, 3],
    [459, 3],
    [460, 4],
    [1530, 10],
    [1531, 11],
    [1600, 11],
  ])('%i septets -> %i segments', (n, segments) => {
    expect(analyzeMessage(a(n))).toEqual({
      encoding: 'GSM-7',
      units: n,
      segments,
      codePoints: n,
      nonGsmChars: [],
    });
  });

  it('pushes an escape pair straddling the 153 boundary to the next part', () => {
    // 152 'a' + '€' would occupy septets 153-154: the pair moves to part 2.
    // 152 + 2 + 152 = 306 septets: ceil(306 / 153) = 2, but the real split is
    // [152] [€ + 151] [1] = 3 parts.
    const text = a(152) + '€' + a(152);
    expect(analyzeMessage(text)).toEqual({
      encoding: 'GSM-7',
      units: 306,
      segments: 3,
      codePoints: 305,
      nonGsmChars: [],
    });
  });

  it('does not push an escape pair that ends exactly on the boundary', () => {
    // 151 'a' + '€' = 153 septets fill part 1 exactly; 153 more fill part 2.
    expect(analyzeMessage(a(151) + '€' + a(153))).toMatchObject({ units: 306, segments: 2 });
    expect(analyzeMessage(a(151) + '€' + a(154))).toMatchObject({ units: 307, segments: 3 });
  });
});

describe('analyzeMessage: UCS-2 boundaries', () => {
  const u = (n: number) => 'ç'.repeat(n); // ç is not GSM (only Ç is)

  it.each([
    [70, 1],
    [71, 2],
    [134, 2],
    [135, 3],
    [670, 10],
    [1600, 24],
  ])('%i units -> %i segments', (n, segments) => {
    expect(analyzeMessage(u(n))).toEqual({
      encoding: 'UCS-2',
      units: n,
      segments,
      codePoints: n,
      nonGsmChars: ['ç'],
    });
  });

  it('counts an emoji as 2 UTF-16 units and 1 code point', () => {
    expect(analyzeMessage(EMOJI)).toEqual({
      encoding: 'UCS-2',
      units: 2,
      segments: 1,
      codePoints: 1,
      nonGsmChars: [EMOJI],
    });
    expect(analyzeMessage(a(68) + EMOJI)).toMatchObject({ units: 70, segments: 1 });
    expect(analyzeMessage(a(69) + EMOJI)).toMatchObject({ units: 71, segments: 2 });
  });

  it('pushes a surrogate pair straddling the 67 boundary to the next part', () => {
    // 66 + 2 + 66 = 134 units: ceil(134 / 67) = 2, but the real split is
    // [66] [emoji + 65] [1] = 3 parts.
    expect(analyzeMessage(a(66) + EMOJI + a(66))).toEqual({
      encoding: 'UCS-2',
      units: 134,
      segments: 3,
      codePoints: 133,
      nonGsmChars: [EMOJI],
    });
    // A pair ending exactly on the boundary is not pushed.
    expect(analyzeMessage(a(65) + EMOJI + a(67))).toMatchObject({ units: 134, segments: 2 });
  });

  it('1599 GSM characters plus one emoji: UCS-2, 1601 units, 24 segments', () => {
    expect(analyzeMessage(a(1599) + EMOJI)).toMatchObject({
      encoding: 'UCS-2',
      units: 1601,
      codePoints: 1600,
      segments: 24,
    });
  });
});
