// D21's smart encoding: characters a GSM-7 phone cannot show replaced by ones it can, so that a text that would go
// as UCS-2 goes as GSM-7 (more characters per segment). Pure: Compose previews it and POST /send applies it.
import { analyzeMessage, gsmSeptets } from './segments';

export const SMART_ENCODING_MODES = ['off', 'lookalikes', 'transliterate'] as const;
export type SmartEncodingMode = (typeof SMART_ENCODING_MODES)[number];

/** Typographic characters and their GSM-7 equivalents (`lookalikes`, and the first step of `transliterate`). */
const LOOKALIKES: ReadonlyMap<string, string> = new Map([
  ...Array.from('“”„‟«»″', (c) => [c, '"'] as const),
  ...Array.from('‹›‘’‚‛′', (c) => [c, "'"] as const),
  ...Array.from('‐‑‒–—―−', (c) => [c, '-'] as const),
  ['…', '...'],
  ['•', '-'],
]);

/** Every Unicode space separator but the ordinary space (no-break, thin, ideographic...). */
const UNICODE_SPACE = /^\p{Zs}$/u;
const COMBINING_MARK = /\p{M}/gu;
const LIGATURES: ReadonlyMap<string, string> = new Map([
  ['œ', 'oe'],
  ['Œ', 'OE'],
]);

function lookalike(c: string): string | null {
  if (c === ' ') return null;
  if (UNICODE_SPACE.test(c)) return ' ';
  return LOOKALIKES.get(c) ?? null;
}

/** A letter GSM-7 lacks as its letter without accent (NFD, combining marks dropped); null when GSM-7 has it. */
function transliterated(c: string): string | null {
  if (gsmSeptets(c) !== null || !/^\p{L}$/u.test(c)) return null;
  const ligature = LIGATURES.get(c);
  if (ligature) return ligature;
  const bare = c.normalize('NFD').replace(COMBINING_MARK, '');
  return bare && bare !== c ? bare : null;
}

export type SmartEncoded = {
  /** The text as sent: the replaced one when `applied`, else the original. */
  text: string;
  mode: SmartEncodingMode;
  /** True when the replacement was used: it changed the text and the whole result is GSM-7. */
  applied: boolean;
  /** Characters of the original replaced (`Œ` -> `OE` counts one); 0 when not applied. */
  replacedCharacters: number;
};

/**
 * D21: the text a send goes with. `lookalikes` replaces typographic quotes, dashes, the ellipsis, Unicode spaces and
 * the bullet; `transliterate` does that, then replaces each letter GSM-7 lacks by its letter without accent. The
 * replacement is used only when the whole result is GSM-7; otherwise the original goes unchanged (as UCS-2).
 */
export function smartEncode(original: string, mode: SmartEncodingMode): SmartEncoded {
  const unchanged: SmartEncoded = { text: original, mode, applied: false, replacedCharacters: 0 };
  if (mode === 'off' || analyzeMessage(original).encoding === 'GSM-7') return unchanged;
  let replaced = 0;
  const text = Array.from(original, (c) => {
    const r = lookalike(c) ?? (mode === 'transliterate' ? transliterated(c) : null);
    if (r === null) return c;
    replaced += 1;
    return r;
  }).join('');
  if (replaced === 0 || analyzeMessage(text).encoding !== 'GSM-7') return unchanged;
  return { text, mode, applied: true, replacedCharacters: replaced };
}
