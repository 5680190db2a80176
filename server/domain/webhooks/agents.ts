import type { LookupFunction } from 'node:net';
import { Client, Pool } from 'undici';
import type { Pin } from './address-policy';

/**
 * Keep-alive connection pools (undici) for webhook POSTs, one per destination
 * origin and, in live, per vetted address: a socket is only ever reused for
 * requests whose destination was vetted to the very address it is connected
 * to, so connection reuse never bypasses the SSRF guard. A new TCP (and TLS)
 * connection per event was most of the cost of a delivery (bench: webhooks);
 * undici's client costs about a third less CPU per POST than node:http
 * (docs/performance-history.md), and the worker's CPU bounds the rate.
 *
 * Idle sockets are closed after IDLE_SOCKET_MS, below the 5 s keep-alive
 * timeout of Node's own HTTP server (undici also honours a shorter
 * `Keep-Alive: timeout` hint), so we rarely write to a socket the receiver is
 * closing; when that race happens anyway, send-webhook retries once on a fresh
 * connection. No connect, header or body timeout here: the caller's deadline
 * (WEBHOOK_TIMEOUT_MS for the whole attempt) aborts the request.
 */
const IDLE_SOCKET_MS = 4_000;
const MAX_AGENTS = 256;

const agents = new Map<string, Pool>();
/** The most recently used key (already last in `agents`): a run posting to one receiver skips the reordering. */
let lastKey = '';

function options(pin: Pin | null): Pool.Options {
  return {
    pipelining: 1,
    keepAliveTimeout: IDLE_SOCKET_MS,
    keepAliveMaxTimeout: IDLE_SOCKET_MS,
    headersTimeout: 0,
    bodyTimeout: 0,
    connect: { timeout: 0, ...(pin ? { lookup: pinnedLookup(pin) } : {}) },
  };
}

export function agentFor(url: URL, pin: Pin | null): Pool {
  const key = `${url.protocol}//${url.host}|${pin ? pin.address : ''}`;
  let agent = agents.get(key);
  if (agent) {
    // Most recently used last: the first entry is the one to evict.
    if (key !== lastKey) {
      agents.delete(key);
      agents.set(key, agent);
      lastKey = key;
    }
    return agent;
  }
  agent = new Pool(url.origin, options(pin));
  agents.set(key, agent);
  lastKey = key;
  if (agents.size > MAX_AGENTS) {
    const [oldestKey, oldest] = agents.entries().next().value as [string, Pool];
    agents.delete(oldestKey);
    void oldest.destroy().catch(() => {});
  }
  return agent;
}

/** A one-off connection (not pooled), closed by the caller once its request settled. */
export function freshClient(url: URL, pin: Pin | null): Client {
  return new Client(url.origin, options(pin));
}

/** A DNS lookup that always answers the vetted address (TLS still checks the URL's host name). */
export function pinnedLookup(pin: Pin): LookupFunction {
  return ((_host: string, options: { all?: boolean }, cb: (...args: unknown[]) => void) => {
    if (options?.all) cb(null, [{ address: pin.address, family: pin.family }]);
    else cb(null, pin.address, pin.family);
  }) as LookupFunction;
}

/** Closes every pooled connection (tests, shutdown). */
export function destroyAgents(): void {
  for (const agent of agents.values()) void agent.destroy().catch(() => {});
  agents.clear();
  lastKey = '';
}
