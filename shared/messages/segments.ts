// Message encoding and segment counting (contract decision D1).
//
// GSM 03.38 7-bit when every character is in the basic set or the extension
// table, otherwise UCS-2. GSM length is in septets (extension characters take
// an escape plus the character: 2 septets); UCS-2 length is in UTF-16 code
// units (a surrogate pair is 2). A concatenated message is split the way a
// real splitter does it: an escape pair or a surrogate pair is never cut across
// two parts, it is pushed to the next part, and the count follows that split.

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

/** GSM 03.38 basic character set, positions 0x00..0x7F (0x1B, the escape, excluded). */
const GSM_BASIC_CHARS: string =
  '@£$¥èéùìòÇ\nØø\rÅå' + // 0x00-0x0F
  'Δ_ΦΓΛΩΠΨΣΘΞ' + // 0x10-0x1A (0x1B is ESC)
  'ÆæßÉ' + // 0x1C-0x1F
  ' !"#¤%&\'()*+,-./' + // 0x20-0x2F
  '0123456789:;<=>?' + // 0x30-0x3F
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§' + // 0x40-0x5F
  '¿abcdefghijklmnopqrstuvwxyzäöñüà'; // 0x60-0x7F

/** GSM 03.38 extension table: each is sent as ESC + character, 2 septets. */
const GSM_EXTENSION_CHARS: string = '\f^{}\\[~]|€';

const GSM_BASIC = new Set<string>(Array.from(GSM_BASIC_CHARS));
const GSM_EXTENSION = new Set<string>(Array.from(GSM_EXTENSION_CHARS));

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

/**
 * Count the parts of a concatenated message whose characters take `sizes`
 * units each, with `partLimit` units per part; a character never straddles
 * two parts (it moves whole to the next part).
 */
function countParts(sizes: number[], partLimit: number): number {
  let parts = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > partLimit) {
      parts += 1;
      used = 0;
    }
    used += size;
  }
  return parts;
}

export function analyzeMessage(text: string): MessageAnalysis {
  // for...of iterates code points; a lone surrogate comes out alone (1 unit).
  const chars = Array.from(text);
  const codePoints = chars.length;

  const nonGsm: string[] = [];
  const seenNonGsm = new Set<string>();
  const septetSizes: number[] = [];
  for (const ch of chars) {
    const septets = gsmSeptets(ch);
    if (septets === null) {
      if (!seenNonGsm.has(ch)) {
        seenNonGsm.add(ch);
        nonGsm.push(ch);
      }
    } else {
      septetSizes.push(septets);
    }
  }

  if (codePoints === 0) {
    return { encoding: 'GSM-7', units: 0, segments: 0, codePoints: 0, nonGsmChars: [] };
  }

  if (nonGsm.length === 0) {
    const units = septetSizes.reduce((sum, n) => sum + n, 0);
    const segments = units <= GSM_SINGLE_LIMIT ? 1 : countParts(septetSizes, GSM_PART_LIMIT);
    return { encoding: 'GSM-7', units, segments, codePoints, nonGsmChars: [] };
  }

  const unitSizes = chars.map((ch) => ch.length); // 1, or 2 for a surrogate pair
  const units = text.length;
  const segments = units <= UCS2_SINGLE_LIMIT ? 1 : countParts(unitSizes, UCS2_PART_LIMIT);
  return { encoding: 'UCS-2', units, segments, codePoints, nonGsmChars: nonGsm };
}
