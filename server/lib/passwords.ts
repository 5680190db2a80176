import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Memory-hard password hashing: scrypt N=2^15, r=8, p=3, 16-byte salt, 32-byte key. This is one of the equivalent
 * settings of OWASP's Password Storage Cheat Sheet (N=2^17/r=8/p=1, N=2^16/r=8/p=2, N=2^15/r=8/p=3, ...): the same
 * work as 2^17 but 32 MiB per hash (128·N·r) instead of 128 MiB. scrypt's memory is outside the V8 heap (the web runs
 * with --max-old-space-size=160) and up to 4 sign-ins hash at once on libuv's pool, so 2^17 would mean 512 MiB at
 * peak, 2^15 with p=3 128 MiB. The parameters are stored with each hash (`scrypt$N$r$p$salt$key`): a hash made with
 * others still verifies, and is replaced on the next successful sign-in (needsRehash).
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 3 } as const;
/** Node refuses when 128·N·r exceeds maxmem: room for the current N, and for the N=2^15/r=8/p=1 hashes made before it. */
const MAXMEM = 64 * 1024 * 1024;
const KEY_LEN = 32;

function scrypt(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scryptCb(password.normalize('NFKC'), salt, KEY_LEN, { ...opts, maxmem: MAXMEM }, (e, k) => (e ? reject(e) : resolve(k))));
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

type Parsed = { N: number; r: number; p: number; salt: Buffer; key: Buffer };

function parse(stored: string): Parsed | null {
  const [alg, n, r, p, salt, key] = stored.split('$');
  if (alg !== 'scrypt' || !salt || !key) return null;
  const [N, R, P] = [n, r, p].map(Number);
  if (![N, R, P].every((x) => Number.isSafeInteger(x) && x > 0)) return null;
  return { N, r: R, p: P, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const h = parse(stored);
  if (!h) return false;
  const actual = await scrypt(password, h.salt, { N: h.N, r: h.r, p: h.p });
  return actual.length === h.key.length && timingSafeEqual(actual, h.key);
}

/** True when a stored hash was made with other parameters than hashPassword's now: hash the password again. */
export function needsRehash(stored: string): boolean {
  const h = parse(stored);
  return !h || h.N !== PARAMS.N || h.r !== PARAMS.r || h.p !== PARAMS.p;
}

/** A hash to compare against when the email is unknown, so timing does not reveal which emails exist. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(12).toString('hex'));
  return dummy;
}
