import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` characters of unbiased base62 from the CSPRNG (rejection sampling, D9). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    const bytes = randomBytes(length * 2);
    for (const b of bytes) {
      if (b < 248) out += ALPHABET[b % 62]; // 248 = 62 * 4: no modulo bias
      if (out.length === length) break;
    }
  }
  return out;
}

export type IdPrefix = 'org' | 'app' | 'wal' | 'prc' | 'msg' | 'dsp' | 'evt' | 'usr' | 'whd' | 'tur' | 'con' | 'rte';

/** Prefixed, unguessable identifiers (`org_…`, `app_…`, `msg_…`). */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBase62(22)}`;
}
