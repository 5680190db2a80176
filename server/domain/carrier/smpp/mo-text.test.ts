import { describe, expect, it } from 'vitest';
import { encodeGsm } from '@/server/smpp/codec/gsm';
import { decodeMoText, moCharset } from './mo-text';

const ucs2 = (text: string) => Buffer.from(text, 'utf16le').swap16();

describe('moCharset (D18)', () => {
  it.each([
    [0, 0, 'gsm', 'gsm7'],
    [0, 3, 'latin1', 'gsm7'],
    [1, 0, 'ascii', 'gsm7'],
    [3, 0, 'latin1', 'latin1'],
    [8, 0, 'ucs2', 'ucs2'],
    [2, 0, 'binary', 'binary'],
    [4, 0, 'binary', 'binary'],
    [0xf0, 0, 'binary', 'binary'],
  ])('data_coding %i with gsm_coding %i reads as %s, encoding %s', (dc, gsm, charset, encoding) => {
    expect(moCharset(dc, gsm)).toEqual({ charset, encoding });
  });
});

describe('decodeMoText', () => {
  it('GSM 03.38 septets, escapes included, an escape cut between two parts read whole', () => {
    expect(decodeMoText([encodeGsm('Prix: 5€ [ok] @home')], 'gsm')).toBe('Prix: 5€ [ok] @home');
    const septets = encodeGsm('a€b');
    expect(decodeMoText([septets.subarray(0, 2), septets.subarray(2)], 'gsm')).toBe('a€b');
  });

  it('GSM octets above 0x7F become U+FFFD', () => {
    expect(decodeMoText([Buffer.from([0x41, 0x80, 0xff, 0x42])], 'gsm')).toBe('A\uFFFD\uFFFDB');
  });

  it('IA5 is ASCII; octets above 0x7F become U+FFFD', () => {
    expect(decodeMoText([Buffer.from('Hi {there}~', 'latin1')], 'ascii')).toBe('Hi {there}~');
    expect(decodeMoText([Buffer.from([0x48, 0xe9])], 'ascii')).toBe('H\uFFFD');
  });

  it('Latin-1', () => {
    expect(decodeMoText([Buffer.from('Café ÿ', 'latin1')], 'latin1')).toBe('Café ÿ');
  });

  it('UCS-2 big-endian, a surrogate pair cut between two parts read whole', () => {
    expect(decodeMoText([ucs2('Здравствуйте 😀')], 'ucs2')).toBe('Здравствуйте 😀');
    const emoji = ucs2('a😀b');
    expect(decodeMoText([emoji.subarray(0, 4), emoji.subarray(4)], 'ucs2')).toBe('a😀b');
  });

  it('UCS-2: unpaired surrogates and an odd trailing octet become U+FFFD', () => {
    expect(decodeMoText([Buffer.from([0xd8, 0x3d, 0x00, 0x41])], 'ucs2')).toBe('\uFFFDA');
    expect(decodeMoText([Buffer.from([0x00, 0x41, 0xde, 0x00])], 'ucs2')).toBe('A\uFFFD');
    expect(decodeMoText([Buffer.from([0xdc, 0x00, 0xd8, 0x00])], 'ucs2')).toBe('\uFFFD\uFFFD');
    expect(decodeMoText([Buffer.from([0x00, 0x41, 0x00]), Buffer.from([0x00, 0x42])], 'ucs2')).toBe('A\uFFFDB');
  });

  it('U+0000 (NUL) in any text coding becomes U+FFFD', () => {
    expect(decodeMoText([Buffer.from([0x41, 0x00, 0x42])], 'latin1')).toBe('A\uFFFDB');
    expect(decodeMoText([Buffer.from([0x41, 0x00, 0x42])], 'ascii')).toBe('A\uFFFDB');
    expect(decodeMoText([Buffer.from([0x00, 0x00, 0x00, 0x41])], 'ucs2')).toBe('\uFFFDA');
    // (GSM 0x00 is '@', not NUL)
    expect(decodeMoText([Buffer.from([0x00])], 'gsm')).toBe('@');
  });

  it('binary: the octets as lowercase hex, parts joined', () => {
    expect(decodeMoText([Buffer.from([0x00, 0xab]), Buffer.from([0xff])], 'binary')).toBe('00abff');
  });

  it('an empty MO is an empty text', () => {
    for (const c of ['gsm', 'ascii', 'latin1', 'ucs2', 'binary'] as const) expect(decodeMoText([Buffer.alloc(0)], c)).toBe('');
  });

  it('what it gives is well-formed: JSON round-trips it and UTF-8 holds it', () => {
    const random = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256));
    for (const c of ['gsm', 'ascii', 'latin1', 'ucs2'] as const) {
      const text = decodeMoText([random.subarray(0, 1001), random.subarray(1001)], c);
      expect(text.includes('\u0000')).toBe(false);
      expect(Buffer.from(text, 'utf8').toString('utf8')).toBe(text);
      expect(JSON.parse(JSON.stringify(text))).toBe(text);
    }
  });
});
