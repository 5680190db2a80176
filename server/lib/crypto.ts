import 'server-only';
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Secrets at rest (D9): API keys as HMAC-SHA256 digests, webhook passwords
 * AES-256-GCM encrypted. Both keys are derived from APP_SECRET with HKDF so
 * one leaked purpose-key does not expose the other.
 */
function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'sms-gateway', purpose, 32));
}

/** Derived keys by purpose, then by secret: looked up with the strings as given, no key string built per call. */
const keyCache = new Map<string, Map<string, Buffer>>();
function cachedKey(secret: string, purpose: string): Buffer {
  let bySecret = keyCache.get(purpose);
  if (!bySecret) keyCache.set(purpose, (bySecret = new Map()));
  let key = bySecret.get(secret);
  if (!key) {
    key = deriveKey(secret, purpose);
    bySecret.set(secret, key);
  }
  return key;
}

export function digestApiKey(secret: string, plainKey: string): string {
  return createHmac('sha256', cachedKey(secret, 'api-key-digest')).update(plainKey).digest('hex');
}

/** Digest of an app's SMPP password (D15), bound to its system_id: stored instead of the password. */
export function digestSmppPassword(secret: string, systemId: string, password: string): string {
  return createHmac('sha256', cachedKey(secret, 'smpp-password-digest')).update(`${systemId}\u0000${password}`).digest('hex');
}

/** Constant-time comparison of two hex digests of equal length. */
export function digestsEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

export function encryptSecret(secret: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', cachedKey(secret, 'webhook-password'), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function decryptSecret(secret: string, token: string): string {
  const [version, iv, tag, body] = token.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unknown ciphertext format');
  const decipher = createDecipheriv('aes-256-gcm', cachedKey(secret, 'webhook-password'), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * An app's webhook signing secret (D16), Standard Webhooks format: `whsec_` +
 * base64 of 32 bytes. Derived, never stored: HMAC-SHA256 under an
 * APP_SECRET-derived key of the app id and the secret's version (rotation
 * bumps the version), so there is nothing to encrypt, back-fill or decrypt on
 * the delivery path, and it is as safe as the server secret itself.
 */
export function webhookSigningSecret(secret: string, appId: string, version: number): string {
  const bytes = createHmac('sha256', cachedKey(secret, 'webhook-signing-secret')).update(`${appId}:${version}`).digest();
  return `whsec_${bytes.toString('base64')}`;
}
