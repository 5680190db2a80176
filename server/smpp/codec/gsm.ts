import { gsmBasicChar, gsmCodes, gsmExtensionChar, GSM_ESCAPE } from '@/shared/messages/segments';

/**
 * GSM 03.38 default alphabet to unpacked septets (one octet per septet, as SMPP data_coding 0 carries them), as
 * Buffers; the alphabet itself is the one of shared/messages/segments.ts.
 */
export const gsmChar = gsmCodes;

/** The whole text as unpacked septets; throws on a character outside GSM 03.38. */
export function encodeGsm(text: string): Buffer {
  const out: number[] = [];
  for (const ch of text) {
    const s = gsmCodes(ch);
    if (!s) throw new Error(`not a GSM 03.38 character: U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
    out.push(...s);
  }
  return Buffer.from(out);
}

/** One unpacked septet (or ESC + code) as text; null for an octet above 0x7F. */
function decodeSeptets(octets: Buffer, bad: string | null): string | null {
  let out = '';
  for (let i = 0; i < octets.length; i++) {
    const b = octets[i];
    if (b > 0x7f) {
      if (bad === null) return null;
      out += bad;
      continue;
    }
    if (b === GSM_ESCAPE) {
      const next = octets[++i];
      out += next === undefined || next > 0x7f ? ' ' : (gsmExtensionChar(next) ?? gsmBasicChar(next));
      continue;
    }
    out += gsmBasicChar(b);
  }
  return out;
}

/** Unpacked septets as decodeGsm reads them, an octet above 0x7F read as U+FFFD instead of refusing the text (MO, D18). */
export function decodeGsmLenient(octets: Buffer): string {
  return decodeSeptets(octets, '\uFFFD')!;
}

/**
 * Unpacked septets (SMPP data_coding 0) back to text. An escape followed by a code outside the extension table, or
 * a trailing escape, reads as a space (GSM 03.38's rule for unknown extensions); octets above 0x7F are refused.
 */
export function decodeGsm(octets: Buffer): string | null {
  return decodeSeptets(octets, null);
}
