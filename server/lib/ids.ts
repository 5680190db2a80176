import { randomBytes, randomFillSync } from 'node:crypto';

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

export type IdPrefix = 'org' | 'app' | 'wal' | 'prc' | 'msg' | 'dsp' | 'evt' | 'usr' | 'whd' | 'tur' | 'con' | 'rte' | 'in' | 'num' | 'sid';

/**
 * CSPRNG bytes for ids, drawn 4 KB at a time: one call per ~90 ids instead of a call and a Buffer per id (a send
 * makes three or more). Secrets (keys, passwords: randomBase62) do not share it.
 */
const ID_BYTES = Buffer.alloc(4096);
let idBytesUsed = ID_BYTES.length;

/** Prefixed, unguessable identifiers (`org_…`, `app_…`, `msg_…`): 22 unbiased base62 characters, as randomBase62 draws them. */
export function newId(prefix: IdPrefix): string {
  let out = `${prefix}_`;
  for (let n = 0; n < 22; ) {
    if (idBytesUsed === ID_BYTES.length) {
      randomFillSync(ID_BYTES);
      idBytesUsed = 0;
    }
    const b = ID_BYTES[idBytesUsed++];
    if (b < 248) {
      out += ALPHABET[b % 62]; // 248 = 62 * 4: no modulo bias
      n++;
    }
  }
  return out;
}
