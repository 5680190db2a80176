/**
 * How deep JSON may nest (objects and arrays) in any request body: far above
 * what the dashboard and the API send (a tRPC batch of compose, the deepest,
 * is 5 levels), far below what makes recursive code (zod, tRPC, error
 * formatting) run out of stack or what costs memory per level.
 */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * True when `bytes` (UTF-8 JSON text, valid or not) opens more than `max`
 * arrays/objects at once: one pass, no recursion, no allocation, so it can run
 * on hostile text before JSON.parse. Brackets inside strings (escapes
 * included) do not count; UTF-8 continuation bytes are all >= 0x80 and never
 * match. Invalid JSON that stays shallow is left for JSON.parse to refuse.
 */
export function exceedsJsonDepth(bytes: Uint8Array, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (b === BACKSLASH) escaped = true;
      else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) {
      inString = true;
    } else if (b === OPEN_BRACKET || b === OPEN_BRACE) {
      if (++depth > max) return true;
    } else if ((b === CLOSE_BRACKET || b === CLOSE_BRACE) && depth > 0) {
      depth--;
    }
  }
  return false;
}
