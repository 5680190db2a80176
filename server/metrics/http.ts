import type { IncomingMessage, ServerResponse } from 'node:http';
import { isMetricsPath } from './handler';
import { httpDuration, httpRequests } from './registry';

/**
 * A request being counted. Its `route` label is never the raw URL (ids and query strings would make a series per
 * request): `metrics` for /metrics, `trpc` for the dashboard's tRPC, `next` for everything else Next.js serves; the
 * REST listener, which routes its requests itself, names theirs (`nameRestRoute`). Read when the answer is finished.
 */
export type HttpObservation = { route: string };

/** A REST request's label: its route's path template (`/api/v1/svc/sms-api/status/{message_id}`), or none matched. */
export function nameRestRoute(observation: HttpObservation, template: string | null): void {
  observation.route = template ?? 'rest_unmatched';
}

function pathLabel(url: string | undefined): string {
  if (isMetricsPath(url)) return 'metrics';
  if (url?.startsWith('/api/trpc/')) return 'trpc';
  return 'next';
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Counts the request and its latency once its answer is finished, or the connection closed under it (499 when the
 * connection went before any answer).
 */
export function observeHttp(req: IncomingMessage, res: ServerResponse): HttpObservation {
  const start = process.hrtime.bigint();
  const observation: HttpObservation = { route: pathLabel(req.url) };
  let done = false;
  const record = () => {
    if (done) return;
    done = true;
    // Closed before any answer was sent: the client left (499, as proxies count it), not a 200 never written.
    const status = res.headersSent ? String(res.statusCode) : '499';
    const labels = { route: observation.route, method: METHODS.has(req.method ?? '') ? req.method! : 'other', status };
    httpRequests.inc(labels);
    httpDuration.observe(labels, Number(process.hrtime.bigint() - start) / 1e9);
  };
  // `on`, not `once` (its wrapper per listener and request): `done` already keeps the second event out.
  res.on('finish', record);
  res.on('close', record);
  return observation;
}
