/**
 * GSM 03.38 default alphabet to unpacked septets (one octet per septet, as SMPP
 * data_coding 0 carries them); extension-table characters become ESC (0x1B) + code.
 */
const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const EXTENSION: Record<string, number> = { '\f': 0x0a, '^': 0x14, '{': 0x28, '}': 0x29, '\\': 0x2f, '[': 0x3c, '~': 0x3d, ']': 0x3e, '|': 0x40, '€': 0x65 };
const BASIC_CODE = new Map<string, number>(Array.from(BASIC).map((c, i) => [c, i]));
BASIC_CODE.delete('\u001b');

/** The septets of one character, or null when it is not in GSM 03.38. */
export function gsmChar(ch: string): number[] | null {
  const basic = BASIC_CODE.get(ch);
  if (basic !== undefined) return [basic];
  const ext = EXTENSION[ch];
  return ext === undefined ? null : [0x1b, ext];
}

/** The whole text as unpacked septets; throws on a character outside GSM 03.38. */
export function encodeGsm(text: string): Buffer {
  const out: number[] = [];
  for (const ch of text) {
    const s = gsmChar(ch);
    if (!s) throw new Error(`not a GSM 03.38 character: U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
    out.push(...s);
  }
  return Buffer.from(out);
}

const EXTENSION_CHAR = new Map<number, string>(Object.entries(EXTENSION).map(([ch, code]) => [code, ch]));

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
    if (b === 0x1b) {
      const next = octets[++i];
      out += next === undefined || next > 0x7f ? ' ' : (EXTENSION_CHAR.get(next) ?? BASIC[next]);
      continue;
    }
    out += BASIC[b];
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
