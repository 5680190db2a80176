import { createHmac } from 'node:crypto';
import { webhookSigningSecret } from '@/server/lib/crypto';

/**
 * Standard Webhooks signatures (D16) on every webhook request:
 * `webhook-id` (the event_id), `webhook-timestamp` (Unix seconds of the
 * attempt) and `webhook-signature`: `v1,` + base64 HMAC-SHA256 of
 * `{id}.{timestamp}.{body}` under each valid secret, space-separated. After a
 * rotation the previous secret stays valid for ROTATION_OVERLAP_MS, so a
 * receiver can switch without dropping events.
 */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** What a delivery needs to sign: its app and the app's secret version (and the previous one's end). */
export type SigningKey = { appId: string; version: number; previousUntil: Date | null };

/** The secrets to sign with at `now`: the current one, and the previous one during the overlap. */
export function signingSecrets(serverSecret: string, key: SigningKey, now: Date, cache?: Map<string, string>): string[] {
  const of = (version: number) => {
    const id = `${key.appId}:${version}`;
    let s = cache?.get(id);
    if (!s) {
      s = webhookSigningSecret(serverSecret, key.appId, version);
      cache?.set(id, s);
    }
    return s;
  };
  const secrets = [of(key.version)];
  if (key.version > 1 && key.previousUntil && key.previousUntil.getTime() > now.getTime()) secrets.push(of(key.version - 1));
  return secrets;
}

export function signatureHeaders(secrets: string[], webhookId: string, at: Date, body: string): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signed = `${webhookId}.${timestamp}.${body}`;
  let signature = '';
  for (const s of secrets) signature += `${signature ? ' ' : ''}v1,${createHmac('sha256', hmacKey(s)).update(signed).digest('base64')}`;
  return { 'webhook-id': webhookId, 'webhook-timestamp': timestamp, 'webhook-signature': signature };
}

/** Secrets' decoded keys (a delivery run signs thousands of events with a handful of secrets), at most KEYS_KEPT. */
const keys = new Map<string, Buffer>();
const KEYS_KEPT = 256;

function hmacKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size >= KEYS_KEPT) keys.clear();
    key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    keys.set(secret, key);
  }
  return key;
}
