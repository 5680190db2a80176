import type { IncomingMessage, ServerResponse } from 'node:http';
import { matchRestPath, REST_PREFIX } from '@/server/api/rest/handler';
import { httpDuration, httpRequests } from './registry';

/**
 * The `route` label of an HTTP request: never the raw URL (ids and query strings would make a series per
 * request). A REST request is its path template (`/api/v1/svc/sms-api/status/{message_id}`), or `rest_unmatched`;
 * the dashboard's tRPC is `trpc`, /metrics `metrics`, everything else Next.js serves `next`.
 */
export function routeLabel(url: string | undefined): string {
  const path = (url ?? '/').split('?')[0];
  if (path === '/metrics') return 'metrics';
  if (path === REST_PREFIX || path.startsWith(`${REST_PREFIX}/`)) {
    const rest = path.slice(REST_PREFIX.length) || '/';
    if (rest === '/openapi.json') return `${REST_PREFIX}/openapi.json`;
    const match = matchRestPath(rest)[0];
    return match ? `${REST_PREFIX}${match.route.path}` : 'rest_unmatched';
  }
  if (path.startsWith('/api/trpc/')) return 'trpc';
  return 'next';
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Counts the request and its latency once its answer is finished, or the connection closed under it (499 when the
 * connection went before any answer).
 */
export function observeHttp(req: IncomingMessage, res: ServerResponse): void {
  const start = process.hrtime.bigint();
  const route = routeLabel(req.url);
  let done = false;
  const record = () => {
    if (done) return;
    done = true;
    // Closed before any answer was sent: the client left (499, as proxies count it), not a 200 never written.
    const status = res.headersSent ? String(res.statusCode) : '499';
    const labels = { route, method: METHODS.has(req.method ?? '') ? req.method! : 'other', status };
    httpRequests.inc(labels);
    httpDuration.observe(labels, Number(process.hrtime.bigint() - start) / 1e9);
  };
  // `on`, not `once` (its wrapper per listener and request): `done` already keeps the second event out.
  res.on('finish', record);
  res.on('close', record);
}
