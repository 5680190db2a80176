import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { DbOrTx } from '@/db/client';
import { createBoundedServer, type ClientTimeouts } from '@/server/lib/slow-clients';
import { logger } from '@/server/lib/logger';
import { collectDbGauges } from './db-gauges';
import { databaseRegistry, registry } from './registry';

export const METRICS_PATH = '/metrics';

export function isMetricsPath(url: string | undefined): boolean {
  return url === METRICS_PATH || (url?.startsWith(`${METRICS_PATH}?`) ?? false);
}

/**
 * True when METRICS_TOKEN is unset, or the request carries `Authorization: Bearer <METRICS_TOKEN>`. Compared in
 * constant time (digests of equal length, so neither the content nor the length of the token leaks).
 */
export function metricsAuthorized(header: string | undefined, token: string | undefined): boolean {
  if (!token) return true;
  const m = /^Bearer (.+)$/.exec(header ?? '');
  if (!m) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(m[1]), digest(token));
}

/**
 * GET /metrics in Prometheus text format: this process's registry, plus (when `db` is given: the web process)
 * the gauges read from the database at scrape time. 401 without the bearer token when METRICS_TOKEN is set.
 */
export function createMetricsHandler(opts: { token?: string; db?: () => DbOrTx; now?: () => Date }) {
  return async function handleMetrics(req: IncomingMessage, res: ServerResponse): Promise<void> {
    req.resume();
    if (req.method !== 'GET' && req.method !== 'HEAD') return answer(res, 405, 'method not allowed\n', { Allow: 'GET, HEAD' });
    if (!metricsAuthorized(req.headers.authorization, opts.token)) {
      return answer(res, 401, 'unauthorized\n', { 'WWW-Authenticate': 'Bearer realm="metrics"' });
    }
    try {
      let body = await registry.metrics();
      if (opts.db) {
        await collectDbGauges(opts.db(), opts.now?.() ?? new Date());
        body += `\n${await databaseRegistry.metrics()}`;
      }
      answer(res, 200, req.method === 'HEAD' ? '' : body, { 'Content-Type': registry.contentType });
    } catch (error) {
      logger.warn('metrics scrape failed', { error });
      answer(res, 503, 'metrics unavailable\n');
    }
  };
}

function answer(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * A process without an HTTP server of its own (the worker, the SMPP listener) serves /metrics on `port` of `host`
 * (HOST; every interface when unset); any other path is 404. A port already taken is logged and the process runs on without metrics: a second worker
 * on one host must not crash-loop for its metrics.
 */
export async function startMetricsServer(
  port: number,
  token: string | undefined,
  what: string,
  opts: { host?: string; timeouts?: ClientTimeouts } = {},
): Promise<Server | null> {
  const handle = createMetricsHandler({ token });
  // Slow clients are cut off as on the web process's port (server/lib/slow-clients.ts).
  const server = createBoundedServer((req, res) => {
    if (isMetricsPath(req.url)) return void handle(req, res);
    req.resume();
    answer(res, 404, 'not found\n');
  }, opts.timeouts);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, opts.host, () => resolve());
    });
  } catch (error) {
    logger.warn(`${what} metrics port not available: running without /metrics`, { port, error });
    return null;
  }
  logger.info(`${what} metrics on ${opts.host ?? ''}:${port}/metrics`);
  return server;
}
