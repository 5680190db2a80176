import type { IncomingMessage } from 'node:http';

/**
 * Makes `X-Forwarded-For` say who the client is, once for every request
 * before the REST listener or Next sees it, so that clientAddress()
 * (server/domain/rate-limits/auth-throttle.ts, the LAST entry) is the socket's
 * peer or the hop a trusted proxy appended, never an address the client chose.
 *
 * - TRUST_PROXY=off (exposed directly): the header becomes the socket's
 *   address; whatever the client sent is dropped.
 * - TRUST_PROXY=on (behind a proxy that appends the address it saw): the
 *   header is kept; the socket's address is appended when there is none.
 */
export function normalizeForwardedFor(req: IncomingMessage, trustProxy: boolean): void {
  const peer = req.socket.remoteAddress;
  const header = req.headers['x-forwarded-for'];
  const sent = Array.isArray(header) ? header.join(', ') : (header ?? '');
  if (trustProxy && sent.trim() !== '') return;
  if (header === undefined) {
    // Nothing to drop (the headers object holds every raw header): the socket's address is appended.
    if (peer) {
      req.headers['x-forwarded-for'] = peer;
      req.rawHeaders.push('X-Forwarded-For', peer);
    }
    return;
  }
  if (peer) req.headers['x-forwarded-for'] = peer;
  else delete req.headers['x-forwarded-for'];
  // rawHeaders too: the replayed request and Next's adapters read one or the other.
  const raw: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i].toLowerCase() !== 'x-forwarded-for') raw.push(req.rawHeaders[i], req.rawHeaders[i + 1]);
  }
  if (peer) raw.push('X-Forwarded-For', peer);
  req.rawHeaders = raw;
}
