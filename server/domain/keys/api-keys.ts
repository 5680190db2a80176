import { randomBase62 } from '@/server/lib/ids';
import { digestApiKey } from '@/server/lib/crypto';

export type KeyEnvironment = 'test' | 'live';

/** `sk_<env>_<32 base62>` (spec, Authentication 2). */
export const KEY_BODY_LENGTH = 32;
const KEY_PATTERN = /^sk_(test|live)_[0-9A-Za-z]{32}$/;

export type NewApiKey = { plain: string; digest: string; prefix: string; last4: string };

export function generateApiKey(environment: KeyEnvironment, secret: string): NewApiKey {
  const prefix = `sk_${environment}_`;
  const plain = prefix + randomBase62(KEY_BODY_LENGTH);
  return { plain, digest: digestApiKey(secret, plain), prefix, last4: plain.slice(-4) };
}

/** What later views show instead of the key: prefix + `…` + last 4 (D9). */
export function maskKey(prefix: string, last4: string): string {
  return `${prefix}…${last4}`;
}

/** True when the header value has the shape of a key of this deployment's environment. */
export function isWellFormedKey(value: string, environment: KeyEnvironment): boolean {
  const m = KEY_PATTERN.exec(value);
  return m !== null && m[1] === environment;
}
