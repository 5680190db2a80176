import type { Env } from '@/server/env';
import { decryptSecret } from '@/server/lib/crypto';
import { vetByLookup, vetWithoutLookup, type Pin, type Resolve } from './address-policy';
import { agentFor, freshClient } from './agents';
import { inboundEnvelopeBody } from './inbound-envelope';
import { outcomeOf, type Outcome } from './retry-policy';
import { signatureHeaders } from './signing';

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
  /** Standard Webhooks signature (D16): the event id, the app's valid secrets, the attempt's moment. */
  signing: { webhookId: string; secrets: string[]; at: Date };
};
export type WebhookResult = {
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  outcome: Outcome;
  /** The first RESPONSE_BODY_BYTES of the answer's body (D16), null when there was no answer. */
  responseBody: string | null;
};
export type SendEnv = Pick<Env, 'APP_SECRET' | 'SMS_ENV' | 'WEBHOOK_TIMEOUT_MS'>;

export const USER_AGENT = 'sms-gateway-webhooks/1';

export async function sendWebhook(
  target: WebhookTarget,
  env: SendEnv,
  opts: {
    resolve?: Resolve;
    /** Authorization headers already decrypted, by ciphertext (a delivery run's). */
    authCache?: Map<string, string>;
    /** Destination URLs already parsed, by text (a delivery run's; never modified). */
    urlCache?: Map<string, URL>;
  } = {},
): Promise<WebhookResult> {
  const started = performance.now();
  const deadline = started + env.WEBHOOK_TIMEOUT_MS;
  const result = (statusCode: number | null, error: string | null, outcome: Outcome = outcomeOf(statusCode), responseBody: string | null = null): WebhookResult => ({
    statusCode,
    latencyMs: Math.round(performance.now() - started),
    error,
    outcome,
    responseBody,
  });
  let url = opts.urlCache?.get(target.url);
  if (!url) {
    try {
      url = new URL(target.url);
    } catch {
      return result(null, 'invalid URL', 'permanent');
    }
    opts.urlCache?.set(target.url, url);
  }
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': USER_AGENT };
  if (target.credentials) {
    const cacheKey = `${target.credentials.username}\0${target.credentials.passwordEnc ?? ''}`;
    const auth = opts.authCache?.get(cacheKey) ?? basicAuth(env.APP_SECRET, target.credentials);
    if (auth !== null) opts.authCache?.set(cacheKey, auth);
    if (auth === null) return result(null, 'webhook credentials could not be decrypted', 'permanent');
    headers.authorization = auth;
  }
  const timeoutError = `timeout after ${env.WEBHOOK_TIMEOUT_MS} ms`;
  const live = env.SMS_ENV === 'live';
  // vetDestination's two halves: the checks at once, and a DNS lookup (under the deadline) only when they gave no verdict
  const vetted = vetWithoutLookup(url, live) ?? (await withDeadline(vetByLookup(url, opts.resolve), deadline));
  if (vetted === 'timeout') return result(null, timeoutError, 'retry');
  if (!vetted.ok) return result(null, vetted.error, vetted.retryable ? 'retry' : 'permanent');
  const body = envelopeBody(target.payload);
  Object.assign(headers, signatureHeaders(target.signing.secrets, target.signing.webhookId, target.signing.at, body));
  // Whole milliseconds: Node keeps one timer list per duration, and a fractional one made a new list per request.
  const answer = await httpPost(url, body, headers, { pin: vetted.pin, timeoutMs: Math.max(1, Math.ceil(deadline - performance.now())) });
  if ('statusCode' in answer) {
    const code = answer.statusCode;
    return result(code, code >= 300 && code <= 399 ? 'redirect not followed' : null, outcomeOf(code), answer.body);
  }
  return result(null, answer.timedOut ? timeoutError : answer.error, 'retry');
}

/** The envelope in the spec's field order (jsonb does not keep key order); inbound events in D18's order. */
export function envelopeBody(payload: unknown): string {
  if (payload === null || typeof payload !== 'object') return JSON.stringify(payload);
  const p = payload as Record<string, unknown>;
  if (p.message_id === undefined) {
    const inbound = inboundEnvelopeBody(p);
    if (inbound !== null) return inbound;
  }
  const out: Record<string, unknown> = { event_id: p.event_id, event_type: p.event_type, timestamp: p.timestamp, message_id: p.message_id, data: p.data };
  // Any other field after these, in its own order (an object rest pattern per event cost more than the stringify)
  for (const k of Object.keys(p)) if (!ENVELOPE_FIELDS.has(k)) out[k] = p[k];
  return JSON.stringify(out);
}
const ENVELOPE_FIELDS = new Set(['event_id', 'event_type', 'timestamp', 'message_id', 'data']);

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

/** `body`: the first RESPONSE_BODY_BYTES of the answer (lossy UTF-8), what arrived of it within the deadline. */
export type PostAnswer = { statusCode: number; body: string } | { error: string; timedOut: boolean };

/** At most this much of an answer's body is read (the rest ignored) so its connection can be reused. */
const MAX_DRAIN_BYTES = 64 * 1024;
/** How much of an answer's body an attempt keeps (D16: the first 1 KB). */
export const RESPONSE_BODY_BYTES = 1024;

/**
 * One POST with undici over a keep-alive pool (agents.ts), no redirect
 * handling (the 3xx is the answer). The answer is its status and the first
 * 1 KB of its body (the attempt is settled when that much, or the whole body,
 * arrived, or at the deadline with what came); the rest is drained up to 64 KB
 * within the deadline so the connection goes back to the pool, else closed. With `pin`, the socket connects to that
 * address whatever DNS says now (TLS still verifies the URL's host name).
 * A reused connection that the receiver closed under us (reset or closed before
 * any answer) is retried once on a new connection, within the same deadline.
 */
export function httpPost(url: URL, body: string, headers: Record<string, string>, opts: { pin: Pin | null; timeoutMs: number }): Promise<PostAnswer> {
  const deadline = performance.now() + opts.timeoutMs;
  return postOnce(url, body, headers, opts.pin, opts.timeoutMs, true).then((a) =>
    'retryFresh' in a ? postOnce(url, body, headers, opts.pin, Math.max(1, Math.ceil(deadline - performance.now())), false).then(strip) : strip(a),
  );
}

type Attempt = PostAnswer | { retryFresh: true };
const strip = (a: Attempt): PostAnswer => ('retryFresh' in a ? { error: 'connection failed: ECONNRESET', timedOut: false } : a);
/** The receiver closed or reset the connection: node:http's word for it (the texts recorded in webhook_attempts). */
const CLOSED_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);
type SocketError = Error & { code?: string; socket?: { bytesRead?: number } };

function postOnce(url: URL, body: string, headers: Record<string, string>, pin: Pin | null, timeoutMs: number, pooled: boolean): Promise<Attempt> {
  return new Promise((resolve) => {
    const dispatcher = pooled ? agentFor(url, pin) : freshClient(url, pin);
    let settled = false;
    let statusCode = 0;
    const kept: Buffer[] = [];
    let keptBytes = 0;
    let drained = 0;
    let abort: ((err?: Error) => void) | null = null;
    let aborted = false;
    const settle = (a: Attempt) => {
      if (settled) return;
      settled = true;
      resolve(a);
    };
    const answered = () => settle({ statusCode, body: Buffer.concat(kept, keptBytes).toString('utf8') });
    const finish = () => {
      clearTimeout(timer);
      if (!pooled) void dispatcher.destroy().catch(() => {});
    };
    const stop = () => {
      aborted = true;
      abort?.();
    };
    // Before the answer: a timeout. After it: the answer, with what arrived of its body.
    let onTimeout = () => settle({ error: 'timeout', timedOut: true });
    const timer = setTimeout(() => {
      onTimeout();
      stop();
      if (!abort) finish();
    }, timeoutMs);
    dispatcher.dispatch(
      { origin: url.origin, path: url.pathname + url.search, method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, body },
      {
        onConnect(a) {
          abort = a;
          if (aborted) a();
        },
        onHeaders(code) {
          if (code < 200) return true; // 1xx: the answer is still to come (as node:http)
          statusCode = code;
          onTimeout = answered;
          return true;
        },
        onData(chunk) {
          if (keptBytes < RESPONSE_BODY_BYTES) {
            const part = chunk.subarray(0, RESPONSE_BODY_BYTES - keptBytes);
            kept.push(part);
            keptBytes += part.length;
            if (keptBytes >= RESPONSE_BODY_BYTES) answered();
          }
          drained += chunk.length;
          if (drained > MAX_DRAIN_BYTES) stop();
          return true;
        },
        onComplete() {
          finish();
          // undici frees the connection for the next request one event-loop turn after the answer (setImmediate,
          // scheduled right after this call): settling after it lets the caller's next POST reuse this connection
          // instead of opening another one, as many connections as requests in flight (as node:http did).
          queueMicrotask(() => setImmediate(answered));
        },
        onError(e: SocketError) {
          finish();
          if (statusCode) return answered();
          const code = e.code ?? e.message;
          const closed = CLOSED_CODES.has(code);
          // A reused socket has read an earlier answer (undici reports the socket's counters when the receiver closed it).
          if (!settled && pooled && closed && (e.socket?.bytesRead ?? 1) > 0) settle({ retryFresh: true });
          else settle({ error: `connection failed: ${code === 'UND_ERR_SOCKET' ? 'ECONNRESET' : code}`, timedOut: false });
        },
      },
    );
  });
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
