import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import next from 'next';
import { db } from '@/db/client';
import { env } from '@/server/env';
import { logger } from '@/server/lib/logger';
import { createBoundedServer, type ClientTimeouts } from '@/server/lib/slow-clients';
import { createMetricsHandler, isMetricsPath } from '@/server/metrics/handler';
import { observeHttp, type HttpObservation } from '@/server/metrics/http';
import { guardNextRequest } from './body-guard';
import { normalizeForwardedFor } from './forwarded-for';
import { createRestListener, isRestPath } from './rest-listener';
import { securityHeaderRecord } from './security-headers.mjs';

export type WebServer = { server: Server; close: () => Promise<void> };

/**
 * The web process of `npm run dev` / `npm start`: one node:http server. The
 * REST API (`/api/v1/svc/sms-api/...`) goes straight to the REST listener;
 * everything else (dashboard, console, tRPC for the dashboard, next-auth,
 * docs) to Next.js, as `next start` would serve it.
 */
export async function startWebServer(opts: {
  dev: boolean;
  port: number;
  hostname?: string;
  graceMs?: number;
  /** CLIENT_TIMEOUTS unless given (tests use shorter ones). */
  timeouts?: ClientTimeouts;
}): Promise<WebServer> {
  const app = next({ dev: opts.dev, dir: process.cwd(), port: opts.port, hostname: opts.hostname ?? 'localhost' });
  const handleNext = app.getRequestHandler();
  await app.prepare();
  const handle = createWebHandler({
    rest: createRestListener(() => ({ db: db(), env: env() }), { dev: opts.dev }),
    next: handleNext,
    metrics: createMetricsHandler({ token: env().METRICS_TOKEN, db }),
    trustProxy: env().TRUST_PROXY === 'on',
    dev: opts.dev,
  });

  // Slow clients are cut off (server/lib/slow-clients.ts; docs/operations.md, "Request limits").
  const server = createBoundedServer(handle, opts.timeouts);
  if (opts.dev) server.on('upgrade', app.getUpgradeHandler());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.hostname, () => resolve());
  });
  return {
    server,
    close: async () => {
      await new Promise<void>((r) => {
        server.close(() => r());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), opts.graceMs ?? 5_000).unref();
      });
      await Promise.race([app.close().catch(() => {}), new Promise((r) => setTimeout(r, 1_000).unref())]);
    },
  };
}

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;
/** The REST listener also names the request's route for its metric (it routes the request anyway). */
type RestHandler = (req: IncomingMessage, res: ServerResponse, observation: HttpObservation) => unknown;

/**
 * Where each request of the web process goes: /metrics (Prometheus, docs/operations.md, Metrics), the REST API, else
 * Next.js behind the body guard. Every request is counted by route template and status
 * (server/metrics/http.ts; the REST listener names the template it matched). Exported for the tests, which serve it without a Next build.
 */
export function createWebHandler(o: { rest: RestHandler; next: Handler; metrics: Handler; trustProxy: boolean; dev: boolean }) {
  const fixed = securityHeaderRecord(o.dev);
  return (req: IncomingMessage, res: ServerResponse): void => {
    const observation = observeHttp(req, res);
    // Before anything reads it: the client address is the socket's, or the hop a trusted proxy appended.
    normalizeForwardedFor(req, o.trustProxy);
    if (isMetricsPath(req.url)) return void o.metrics(req, res);
    if (isRestPath(req.url)) return void o.rest(req, res, observation);
    // Bounded before Next: size per route, JSON depth, tRPC batch size (body-guard.ts).
    void guardNextRequest(req, res, fixed)
      .then((checked) => (checked ? o.next(checked, res) : undefined))
      .catch((error: unknown) => {
        logger.error('next request failed', { error });
        if (!res.headersSent) res.writeHead(500).end();
      });
  };
}

