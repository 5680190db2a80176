// The one encoding module (contract decisions D1 and D21): a text's encoding, the segments it is billed, and the
// parts a carrier connector sends, for every data_coding a connector uses. Pure: the browser (Compose) and the
// server (POST /send, the SMPP server's billing, every connector's split) import it.
//
// GSM 03.38 7-bit when every character is in the basic set or the extension table, otherwise UCS-2. GSM length is
// in septets (extension characters take an escape plus the character: 2 septets); UCS-2 length is in UTF-16 code
// units (a surrogate pair is 2). A concatenated message is split the way a real splitter does it: an escape pair
// or a surrogate pair is never cut across two parts, it is pushed to the next part, and the count follows that
// split. A connector sends exactly those parts (carrierSplit), so a recipient is never billed for fewer parts than
// a carrier gets.

export type Encoding = 'GSM-7' | 'UCS-2';

export type MessageAnalysis = {
  encoding: Encoding;
  /** Septets for GSM-7, UTF-16 code units for UCS-2. */
  units: number;
  /** Number of SMS parts billed. 0 for the empty string. */
  segments: number;
  /** Unicode code points: what the 1..1600 length limit counts. */
  codePoints: number;
  /** Distinct characters that forced UCS-2, in order of first appearance. Empty for GSM-7. */
  nonGsmChars: string[];
};

/** GSM 03.38 basic character set, positions 0x00..0x7F; 0x1B, the escape, is a placeholder here. */
const GSM_BASIC_TABLE: string =
  '@£$¥èéùìòÇ\nØø\rÅå' + // 0x00-0x0F
  'Δ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ' + // 0x10-0x1F (0x1B is ESC)
  ' !"#¤%&\'()*+,-./' + // 0x20-0x2F
  '0123456789:;<=>?' + // 0x30-0x3F
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§' + // 0x40-0x5F
  '¿abcdefghijklmnopqrstuvwxyzäöñüà'; // 0x60-0x7F

export const GSM_ESCAPE = 0x1b;

/** GSM 03.38 extension table: each is sent as ESC + its code, 2 septets. */
const GSM_EXTENSION_CODES: Record<string, number> = { '\f': 0x0a, '^': 0x14, '{': 0x28, '}': 0x29, '\\': 0x2f, '[': 0x3c, '~': 0x3d, ']': 0x3e, '|': 0x40, '€': 0x65 };

const GSM_BASIC = new Map<string, number>(Array.from(GSM_BASIC_TABLE, (c, i) => [c, i]));
GSM_BASIC.delete('\u001b');
const GSM_EXTENSION = new Map<string, number>(Object.entries(GSM_EXTENSION_CODES));
const GSM_EXTENSION_CHAR = new Map<number, string>(Object.entries(GSM_EXTENSION_CODES).map(([c, code]) => [code, c]));

export const GSM_SINGLE_LIMIT = 160;
export const GSM_PART_LIMIT = 153;
export const UCS2_SINGLE_LIMIT = 70;
export const UCS2_PART_LIMIT = 67;

/** Septets a character takes in GSM-7, or null when it is not in GSM 03.38. */
export function gsmSeptets(char: string): 1 | 2 | null {
  if (GSM_BASIC.has(char)) return 1;
  if (GSM_EXTENSION.has(char)) return 2;
  return null;
}

/** The septets of one character (ESC + code for the extension table), or null when it is not in GSM 03.38. */
export function gsmCodes(char: string): number[] | null {
  const basic = GSM_BASIC.get(char);
  if (basic !== undefined) return [basic];
  const ext = GSM_EXTENSION.get(char);
  return ext === undefined ? null : [GSM_ESCAPE, ext];
}

/** The character of a basic-table septet (0x00..0x7F), and of an extension code (null when the table has none). */
export function gsmBasicChar(septet: number): string {
  return GSM_BASIC_TABLE[septet];
}
export function gsmExtensionChar(code: number): string | null {
  return GSM_EXTENSION_CHAR.get(code) ?? null;
}

/**
 * The billed split: the text's characters grouped into the parts a concatenated message is cut into (one group up
 * to the single-message limit), with `sizes` the units each character takes; a character never straddles two parts.
 */
function group(chars: string[], sizes: number[], single: number, part: number): string[][] {
  const total = sizes.reduce((sum, n) => sum + n, 0);
  if (total <= single) return [chars];
  const groups: string[][] = [[]];
  let used = 0;
  chars.forEach((ch, i) => {
    if (used + sizes[i] > part) {
      groups.push([]);
      used = 0;
    }
    groups[groups.length - 1].push(ch);
    used += sizes[i];
  });
  return groups;
}

/** The analysis and the billed parts' characters (none for the empty text). */
export function billedParts(text: string): { analysis: MessageAnalysis; parts: string[][] } {
  // Array.from iterates code points; a lone surrogate comes out alone (1 unit).
  const chars = Array.from(text);
  const codePoints = chars.length;
  if (codePoints === 0) return { analysis: { encoding: 'GSM-7', units: 0, segments: 0, codePoints: 0, nonGsmChars: [] }, parts: [] };

  const nonGsm = new Set<string>();
  const septets = chars.map((ch): number => {
    const n = gsmSeptets(ch);
    if (n === null) nonGsm.add(ch);
    return n ?? 0;
  });
  if (nonGsm.size === 0) {
    const parts = group(chars, septets, GSM_SINGLE_LIMIT, GSM_PART_LIMIT);
    const units = septets.reduce((sum, n) => sum + n, 0);
    return { analysis: { encoding: 'GSM-7', units, segments: parts.length, codePoints, nonGsmChars: [] }, parts };
  }
  const parts = group(chars, chars.map((ch) => ch.length), UCS2_SINGLE_LIMIT, UCS2_PART_LIMIT); // 2 for a surrogate pair
  return { analysis: { encoding: 'UCS-2', units: text.length, segments: parts.length, codePoints, nonGsmChars: [...nonGsm] }, parts };
}

export function analyzeMessage(text: string): MessageAnalysis {
  return billedParts(text).analysis;
}

/** SMPP data_coding values a connector sends text in: GSM 03.38 unpacked septets, Latin-1, UCS-2 big-endian. */
export const DATA_CODING = { GSM: 0, LATIN1: 3, UCS2: 8 } as const;
/** A connector's coding for GSM-7 text (connectors.gsm_coding); UCS-2 text always goes as data_coding 8. */
export const CONNECTOR_GSM_CODINGS = [DATA_CODING.GSM, DATA_CODING.LATIN1] as const;
export type LongMethod = 'udh' | 'sar' | 'payload';

/**
 * What a connector submits for a text: `parts` in short_message, one per billed segment (the concatenation header
 * is the caller's: a UDH or SAR TLVs), or, when `payload`, the whole text in one submit_sm's message_payload.
 */
export type CarrierSplit = { dataCoding: number; payload: boolean; parts: Uint8Array[] };

/** Octets of a single message, and of each part of a concatenated one (6 octets of UDH leave 153 septets / 134 octets). */
function octetLimits(dataCoding: number): { single: number; part: number } {
  return dataCoding === DATA_CODING.GSM ? { single: GSM_SINGLE_LIMIT, part: GSM_PART_LIMIT } : { single: 140, part: 134 };
}

/**
 * The data_coding and each character's octets: GSM-7 text as unpacked septets (coding 0), or Latin-1 when the
 * connector says so (coding 3) and every character is Latin-1; anything else UCS-2 big-endian (8).
 */
export function encodeChars(text: string, gsmCoding: number): { dataCoding: number; chars: number[][] } {
  const chars = Array.from(text);
  const gsm = chars.map(gsmCodes);
  if (gsm.every((s) => s !== null)) {
    if (gsmCoding === DATA_CODING.LATIN1 && chars.every((c) => c.codePointAt(0)! <= 0xff)) {
      return { dataCoding: DATA_CODING.LATIN1, chars: chars.map((c) => [c.codePointAt(0)!]) };
    }
    if (gsmCoding === DATA_CODING.GSM) return { dataCoding: DATA_CODING.GSM, chars: gsm as number[][] };
  }
  const ucs2 = (c: string) => Array.from({ length: c.length }, (_, i) => [c.charCodeAt(i) >> 8, c.charCodeAt(i) & 0xff]).flat();
  return { dataCoding: DATA_CODING.UCS2, chars: chars.map(ucs2) };
}

/**
 * D21: the connector sends the billed parts, each encoded in its data_coding. When a billed part does not fit in
 * one part of that coding (Latin-1 carries 140 octets, not 160 septets: a 141-160 character GSM-7 text), or the
 * connector's long-message method is `payload`, a message of more than one part goes whole in message_payload:
 * the SMSC cuts it on the air in GSM-7, as billed.
 */
export function carrierSplit(text: string, opts: { gsmCoding: number; long: LongMethod }): CarrierSplit {
  const { analysis, parts } = billedParts(text);
  const { dataCoding, chars } = encodeChars(text, opts.gsmCoding);
  let next = 0;
  const encoded = parts.map((p) => Uint8Array.from(chars.slice(next, (next += p.length)).flat()));
  const lim = octetLimits(dataCoding);
  const fits = encoded.every((p) => p.length <= (analysis.segments > 1 ? lim.part : lim.single));
  if (analysis.segments <= 1 && fits) return { dataCoding, payload: false, parts: [encoded[0] ?? new Uint8Array(0)] };
  if (fits && opts.long !== 'payload') return { dataCoding, payload: false, parts: encoded };
  return { dataCoding, payload: true, parts: [Uint8Array.from(chars.flat())] };
}
