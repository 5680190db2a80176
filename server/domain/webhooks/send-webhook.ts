import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Env } from '@/server/env';
import { decryptSecret } from '@/server/lib/crypto';
import { vetDestination, type Pin, type Resolve } from './address-policy';
import { outcomeOf, type Outcome } from './retry-policy';

/**
 * One HTTP POST of an event (spec Events > Delivery, D10): JSON body, Basic auth
 * when the delivery may carry it, WEBHOOK_TIMEOUT_MS for the whole attempt
 * (DNS, connect, answer), redirects never followed, and in the live environment
 * the SSRF guard with the vetted address pinned for the connect.
 * Never throws; the password and the Authorization header are never logged or returned.
 */
export type WebhookTarget = {
  url: string;
  /** The stored event payload; sent as JSON. */
  payload: unknown;
  /** The app's credentials, only when the delivery has use_basic_auth. */
  credentials: { username: string; passwordEnc: string | null } | null;
};
export type WebhookResult = { statusCode: number | null; latencyMs: number; error: string | null; outcome: Outcome };
export type SendEnv = Pick<Env, 'APP_SECRET' | 'SMS_ENV' | 'WEBHOOK_TIMEOUT_MS'>;

export const USER_AGENT = 'sms-gateway-webhooks/1';

export async function sendWebhook(target: WebhookTarget, env: SendEnv, opts: { resolve?: Resolve } = {}): Promise<WebhookResult> {
  const started = performance.now();
  const deadline = started + env.WEBHOOK_TIMEOUT_MS;
  const result = (statusCode: number | null, error: string | null, outcome: Outcome = outcomeOf(statusCode)): WebhookResult => ({
    statusCode,
    latencyMs: Math.round(performance.now() - started),
    error,
    outcome,
  });
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    return result(null, 'invalid URL', 'permanent');
  }
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': USER_AGENT };
  if (target.credentials) {
    const auth = basicAuth(env.APP_SECRET, target.credentials);
    if (auth === null) return result(null, 'webhook credentials could not be decrypted', 'permanent');
    headers.authorization = auth;
  }
  const timeoutError = `timeout after ${env.WEBHOOK_TIMEOUT_MS} ms`;
  const vetted = await withDeadline(vetDestination(url, { live: env.SMS_ENV === 'live', resolve: opts.resolve }), deadline);
  if (vetted === 'timeout') return result(null, timeoutError, 'retry');
  if (!vetted.ok) return result(null, vetted.error, vetted.retryable ? 'retry' : 'permanent');
  const answer = await httpPost(url, envelopeBody(target.payload), headers, { pin: vetted.pin, timeoutMs: Math.max(1, deadline - performance.now()) });
  if ('statusCode' in answer) {
    const code = answer.statusCode;
    return result(code, code >= 300 && code <= 399 ? 'redirect not followed' : null);
  }
  return result(null, answer.timedOut ? timeoutError : answer.error, 'retry');
}

/** The envelope in the spec's field order (jsonb does not keep key order). */
export function envelopeBody(payload: unknown): string {
  if (payload === null || typeof payload !== 'object') return JSON.stringify(payload);
  const { event_id, event_type, timestamp, message_id, data, ...rest } = payload as Record<string, unknown>;
  return JSON.stringify({ event_id, event_type, timestamp, message_id, data, ...rest });
}

function basicAuth(secret: string, c: { username: string; passwordEnc: string | null }): string | null {
  let password = '';
  if (c.passwordEnc) {
    try {
      password = decryptSecret(secret, c.passwordEnc);
    } catch {
      return null;
    }
  }
  return `Basic ${Buffer.from(`${c.username}:${password}`, 'utf8').toString('base64')}`;
}

export type PostAnswer = { statusCode: number } | { error: string; timedOut: boolean };

/**
 * One POST with node:http(s): no agent reuse, no redirect handling (the 3xx is
 * the answer), the body of the answer ignored. With `pin`, the socket connects
 * to that address whatever DNS says now (TLS still verifies the URL's host name).
 */
export function httpPost(url: URL, body: string, headers: Record<string, string>, opts: { pin: Pin | null; timeoutMs: number }): Promise<PostAnswer> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (a: PostAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(a);
    };
    const request = url.protocol === 'https:' ? https.request : http.request;
    const req = request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent: false,
        lookup: opts.pin ? pinnedLookup(opts.pin) : undefined,
      },
      (res) => {
        settle({ statusCode: res.statusCode ?? 0 });
        res.destroy();
      },
    );
    const timer = setTimeout(() => {
      settle({ error: 'timeout', timedOut: true });
      req.destroy();
    }, opts.timeoutMs);
    req.on('error', (e: NodeJS.ErrnoException) => settle({ error: `connection failed: ${e.code ?? e.message}`, timedOut: false }));
    req.end(body);
  });
}

function pinnedLookup(pin: Pin): LookupFunction {
  return ((_host: string, options: { all?: boolean }, cb: (...args: unknown[]) => void) => {
    if (options?.all) cb(null, [{ address: pin.address, family: pin.family }]);
    else cb(null, pin.address, pin.family);
  }) as LookupFunction;
}

async function withDeadline<T>(p: Promise<T>, deadline: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((r) => {
    timer = setTimeout(() => r('timeout'), Math.max(0, deadline - performance.now()));
  });
  try {
    return await Promise.race([p, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
