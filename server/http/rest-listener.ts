import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Deps } from '@/server/api/trpc';
import { ClientClosedRequest, createRestCore, MAX_BODY_BYTES, REST_PREFIX, type RestResponse } from '@/server/api/rest/handler';
import { ApiError } from '@/shared/errors/api-error';
import { toRestError } from '@/server/errors/to-rest';
import { logger } from '@/server/lib/logger';
import { nameRestRoute, type HttpObservation } from '@/server/metrics/http';
import { readAtMost, refuseRequest } from './body-guard';
import { securityHeaderRecord } from './security-headers.mjs';

/**
 * The REST API's one transport: served straight from node:http, ahead of
 * Next's router, by the core in server/api/rest/handler.ts, without Fetch
 * Request/Response objects and Next's routing per request, whose cost every
 * request of a web process would pay on its one thread (docs/performance.md,
 * has the figures). X-Forwarded-For is already normalized (TRUST_PROXY,
 * server/http/forwarded-for.ts) when a request gets here.
 */
export function isRestPath(url: string | undefined): boolean {
  return url !== undefined && (url === REST_PREFIX || url.startsWith(REST_DIR) || url.startsWith(REST_QUERY));
}
const REST_DIR = `${REST_PREFIX}/`;
const REST_QUERY = `${REST_PREFIX}?`;

/**
 * A request target that `new URL(target, base)` hands back unchanged as its pathname, with an empty search:
 * slash-separated segments of unreserved characters (no `%`, no `\\`, no `?` or `#`), none of them `.` or `..`
 * (a segment never starts with a dot), and no empty segment (`//` could be read as an authority).
 */
export const PLAIN_PATH = /^(?:\/[\w~-][\w.~-]*)+\/?$/;

export function createRestListener(getDeps: () => Deps, opts: { dev: boolean }) {
  const core = createRestCore(getDeps);
  const fixed = securityHeaderRecord(opts.dev);
  return async function listener(req: IncomingMessage, res: ServerResponse, observation?: HttpObservation): Promise<void> {
    // The route label of the request's metric: unmatched until the core routes it (a client that leaves mid-body
    // is counted under the route it was sending to).
    if (observation) nameRestRoute(observation, null);
    const onRoute = observation && ((template: string) => nameRestRoute(observation, template));
    let out: RestResponse;
    try {
      // As the Fetch adapter sees it (dot segments resolved, the query string apart). A plain path is its own
      // pathname: the URL parser is skipped for it (it was a per-request cost of every REST answer).
      const raw = req.url ?? '/';
      const url = PLAIN_PATH.test(raw) ? { pathname: raw, search: '' } : new URL(raw, 'http://localhost');
      out = await core({
        method: req.method ?? 'GET',
        pathname: url.pathname,
        search: url.search,
        headers: { get: (name) => headerValue(req, name) },
        body: () => readBody(req),
        onRoute,
      });
    } catch (error) {
      if (error instanceof ClientClosedRequest) {
        // Nobody to answer: the socket is already gone (counted as 499, server/metrics/http.ts).
        logger.info('client closed the request before its body ended', { method: req.method, path: req.url?.split('?')[0] });
        res.destroy();
        return;
      }
      // The core answers every error itself; this is only for a defect in it.
      logger.error('rest listener failed', { error });
      const { status, body, headers } = toRestError(new ApiError('INTERNAL_ERROR', { cause: error }));
      out = { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers }, body: JSON.stringify(body) };
    }
    // The rest of an oversized body is not kept: the connection ends after this answer (body-guard.ts).
    if (out.status === 413) return refuseRequest(req, res, 413, { ...fixed, ...out.headers }, out.body);
    // Object.assign, not `{ ...fixed, ...out.headers, ... }`: that spread costs about 5 us per answer on Node 20.
    const headers: Record<string, string | number> = Object.assign({}, fixed, out.headers);
    headers['Content-Length'] = Buffer.byteLength(out.body);
    res.writeHead(out.status, headers);
    res.end(req.method === 'HEAD' ? undefined : out.body);
  };
}

function headerValue(req: IncomingMessage, name: string): string | null {
  const v = req.headers[name.toLowerCase()];
  return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
}

/** The body for the REST core: past MAX_BODY_BYTES, PAYLOAD_TOO_LARGE (the listener then answers 413 and closes). */
async function readBody(req: IncomingMessage): Promise<Uint8Array> {
  const body = await readAtMost(req, MAX_BODY_BYTES);
  if (body === 'too-large') throw new ApiError('PAYLOAD_TOO_LARGE');
  if (body === 'aborted') throw new ClientClosedRequest();
  return body;
}
