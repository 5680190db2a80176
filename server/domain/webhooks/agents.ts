import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Pin } from './address-policy';

/**
 * Keep-alive connection pools for webhook POSTs, one per destination origin
 * and, in live, per vetted address: a socket is only ever reused for requests
 * whose destination was vetted to the very address it is connected to, so
 * connection reuse never bypasses the SSRF guard. A new TCP (and TLS)
 * connection per event was most of the cost of a delivery (bench: webhooks).
 *
 * Idle sockets are closed after IDLE_SOCKET_MS, below the 5 s keep-alive
 * timeout of Node's own HTTP server, so we rarely write to a socket the
 * receiver is closing; when that race happens anyway, send-webhook retries
 * once on a fresh connection.
 */
const IDLE_SOCKET_MS = 4_000;
const MAX_AGENTS = 256;
const MAX_FREE_SOCKETS = 16;

const agents = new Map<string, http.Agent>();

export function agentFor(url: URL, pin: Pin | null): http.Agent {
  const key = `${url.protocol}//${url.host}|${pin ? pin.address : ''}`;
  let agent = agents.get(key);
  if (agent) {
    // Most recently used last: the first entry is the one to evict.
    agents.delete(key);
    agents.set(key, agent);
    return agent;
  }
  const options: https.AgentOptions = {
    keepAlive: true,
    maxFreeSockets: MAX_FREE_SOCKETS,
    timeout: IDLE_SOCKET_MS,
    scheduling: 'lifo',
    lookup: pin ? pinnedLookup(pin) : undefined,
  };
  agent = url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
  agents.set(key, agent);
  if (agents.size > MAX_AGENTS) {
    const [oldestKey, oldest] = agents.entries().next().value as [string, http.Agent];
    agents.delete(oldestKey);
    oldest.destroy();
  }
  return agent;
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
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}
