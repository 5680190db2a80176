import type { InboundEncoding } from '@/db/schema';
import { decodeGsmLenient } from '@/server/smpp/codec/gsm';
import { replaceLoneSurrogates } from '@/shared/contracts/storable';

/** How an MO's octets are read. */
export type MoCharset = 'gsm' | 'ascii' | 'latin1' | 'ucs2' | 'binary';

/**
 * D18's reading of data_coding for an MO: 0 as the connector's GSM setting says (unpacked GSM 03.38 septets, or
 * Latin-1 for a connector with gsm_coding 3) and 1 (IA5, ASCII) give `gsm7`; 3 `latin1`; 8 `ucs2`; any other
 * coding keeps the octets, as hex, with `binary`.
 */
export function moCharset(dataCoding: number, gsmCoding: number): { charset: MoCharset; encoding: InboundEncoding } {
  if (dataCoding === 0) return { charset: gsmCoding === 3 ? 'latin1' : 'gsm', encoding: 'gsm7' };
  if (dataCoding === 1) return { charset: 'ascii', encoding: 'gsm7' };
  if (dataCoding === 3) return { charset: 'latin1', encoding: 'latin1' };
  if (dataCoding === 8) return { charset: 'ucs2', encoding: 'ucs2' };
  return { charset: 'binary', encoding: 'binary' };
}

const REPLACEMENT = 0xfffd;

/**
 * The text of an MO from its parts' octets (UDH removed), in order. The parts are read as one text, so an escape
 * (GSM) or a surrogate pair (UCS-2) cut between two parts reads whole. Whatever the octets, the result is text
 * Postgres and JSON can hold: an unpaired surrogate, an odd trailing octet of a UCS-2 part, an octet outside the
 * alphabet and U+0000 all become U+FFFD. `binary` gives lowercase hex.
 */
export function decodeMoText(parts: Buffer[], charset: MoCharset): string {
  const all = parts.length === 1 ? parts[0] : Buffer.concat(parts);
  let text: string;
  switch (charset) {
    case 'binary':
      return all.toString('hex');
    case 'gsm':
      text = decodeGsmLenient(all);
      break;
    case 'ascii':
      text = Array.from(all, (b) => String.fromCharCode(b > 0x7f ? REPLACEMENT : b)).join('');
      break;
    case 'latin1':
      text = all.toString('latin1');
      break;
    case 'ucs2':
      text = replaceLoneSurrogates(ucs2(parts));
      break;
  }
  return text.replaceAll('\u0000', '\uFFFD');
}

/** UCS-2 / UTF-16 big-endian across parts: each part's pairs of octets, its odd last octet as U+FFFD. */
function ucs2(parts: Buffer[]): string {
  const units: Buffer[] = [];
  for (const p of parts) {
    const even = p.length & ~1;
    const le = Buffer.from(p.subarray(0, even));
    le.swap16();
    units.push(le);
    if (p.length !== even) units.push(Buffer.from([REPLACEMENT & 0xff, REPLACEMENT >> 8]));
  }
  return Buffer.concat(units).toString('utf16le');
}
