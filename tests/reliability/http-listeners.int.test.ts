import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseEnv } from '@/server/env';
import { CLIENT_TIMEOUTS, type ClientTimeouts } from '@/server/lib/slow-clients';
import { startWebServer, type WebServer } from '@/server/http/web-server';
import { startMetricsServer } from '@/server/metrics/handler';
import { closePools, makeMerchant, testDeps } from '../helpers';
import { slowClient, type SlowClientSeen } from './slow-client';

/**
 * The HTTP listeners of the service on real sockets: the web process's server as startWebServer builds it (the
 * REST listener, and the gate in front of Next; Next itself is a stand-in that reads its request and answers 200
 * after `next.delayMs`, so no build is needed) and the worker's /metrics port. Slow clients are cut off within the
 * bounds; tests use short ones (SHORT), and check that the defaults are what production gets. HOST picks the
 * interface they listen on.
 */
const next = vi.hoisted(() => ({ delayMs: 0 }));
vi.mock('next', () => ({
  default: () => ({
    prepare: async () => {},
    close: async () => {},
    getUpgradeHandler: () => () => {},
    getRequestHandler: () => (req: IncomingMessage, res: ServerResponse) => {
      req.resume();
      req.once('end', () => setTimeout(() => res.writeHead(200, { 'Content-Length': 4 }).end('next'), next.delayMs));
    },
  }),
}));

const SHORT: ClientTimeouts = { idleMs: 1_000, headersMs: 2_000, requestMs: 3_000, keepAliveMs: 1_500 };
const deps = testDeps();
let web: WebServer;
let webPort: number;
let appKey: string;

beforeAll(async () => {
  web = await startWebServer({ dev: false, port: 0, hostname: '127.0.0.1', timeouts: SHORT });
  webPort = (web.server.address() as AddressInfo).port;
  appKey = (await makeMerchant(deps.db, deps.env, { prepaid: '10' })).apiKey;
});
afterAll(async () => {
  await web?.close();
  await closePools();
});

const HEAD_START = 'GET /api/v1/svc/sms-api/health HTTP/1.1\r\nHost: x\r\n';
const restBody = () => `POST /api/v1/svc/sms-api/send HTTP/1.1\r\nHost: x\r\napp-key: ${appKey}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"to":`;
const trpcBody = `POST /api/trpc/auth.signUp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":`;
const expectCut = (r: SlowClientSeen, from: number, to: number) => {
  expect(r.answer).toMatch(/^HTTP\/1\.1 408 /);
  expect(r.ms).toBeGreaterThan(from);
  expect(r.ms).toBeLessThan(to);
};

describe('slow clients on the web process (short bounds: 1 s without progress, 2 s for the head, 3 s in all)', () => {
  it('a head trickled a byte every 2 s is cut after 1 s without progress, 408', async () => {
    expectCut(await slowClient(webPort, HEAD_START, 'X-Slow: aaaa\r\n', 2_000), 900, 1_800);
  });

  it('a head that keeps coming (a byte every 0.5 s) is cut at the head bound, 408', async () => {
    expectCut(await slowClient(webPort, HEAD_START, 'X-Slow: aaaa\r\n', 500), 1_900, 2_800);
  });

  it('a body trickled a byte every 2 s is cut after 1 s without progress, 408 (REST and the Next gate)', async () => {
    const [rest, trpc] = await Promise.all([slowClient(webPort, restBody(), ' ', 2_000), slowClient(webPort, trpcBody, ' ', 2_000)]);
    expectCut(rest, 900, 1_800);
    expectCut(trpc, 900, 1_800);
  });

  it('a body that keeps coming (a byte every 0.5 s) is cut at the bound of the whole request, 408', async () => {
    const [rest, trpc] = await Promise.all([slowClient(webPort, restBody(), ' ', 500), slowClient(webPort, trpcBody, ' ', 500)]);
    expectCut(rest, 2_900, 3_800);
    expectCut(trpc, 2_900, 3_800);
  });

  it('a slow handler is not a slow client: a whole request answered after 2.5 s gets its answer', async () => {
    next.delayMs = 2_500;
    try {
      const r = await slowClient(webPort, 'POST /dashboard HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}', '', 0);
      expect(r.answer).toMatch(/^HTTP\/1\.1 200 [^]*\r\n\r\nnext$/);
      expect(r.ms).toBeGreaterThan(2_400);
    } finally {
      next.delayMs = 0;
    }
  });

  it('an idle keep-alive connection is closed after the keep-alive bound, with nothing more written', async () => {
    const r = await slowClient(webPort, `${HEAD_START}\r\n`, '', 0);
    const answers = r.answer.match(/HTTP\/1\.1 \d{3}/g);
    expect(answers).toEqual(['HTTP/1.1 200']);
    // (Node closes it keepAliveMs + 1 s after the answer, so that a client's reuse does not race the close)
    expect(r.ms).toBeGreaterThan(2_300);
    expect(r.ms).toBeLessThan(3_500);
  });
});

describe('slow clients on a /metrics port', () => {
  it('a head trickled a byte every 2 s is cut after 1 s without progress, 408', async () => {
    const server = (await startMetricsServer(0, undefined, 'test', { timeouts: SHORT }))!;
    try {
      const port = (server.address() as AddressInfo).port;
      expectCut(await slowClient(port, 'GET /metrics HTTP/1.1\r\nHost: x\r\n', 'X-Slow: aaaa\r\n', 2_000), 900, 1_800);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});

describe('the bounds production gets: 10 s without progress, 10 s for the head, 30 s in all, checked every second', () => {
  const bounds = (s: Server) => ({
    idle: s.timeout,
    head: s.headersTimeout,
    request: s.requestTimeout,
    keepAlive: s.keepAliveTimeout,
    checkedEvery: (s as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval,
  });
  const PRODUCTION = { idle: 10_000, head: 10_000, request: 30_000, keepAlive: 5_000, checkedEvery: 1_000 };

  it('CLIENT_TIMEOUTS', () => {
    expect(CLIENT_TIMEOUTS).toEqual({ idleMs: 10_000, headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 });
  });

  it('the web process and the /metrics ports', async () => {
    const started = await startWebServer({ dev: false, port: 0, hostname: '127.0.0.1' });
    const metrics = (await startMetricsServer(0, undefined, 'test'))!;
    try {
      expect(bounds(started.server)).toEqual(PRODUCTION);
      expect(bounds(metrics)).toEqual(PRODUCTION);
    } finally {
      await started.close();
      await new Promise((r) => metrics.close(r));
    }
  });
});

describe('HOST: where the HTTP ports listen', () => {
  const address = (s: Server) => (s.address() as AddressInfo).address;

  it('HOST=127.0.0.1: the web process and the /metrics ports listen on loopback only', async () => {
    const { HOST } = parseEnv({ ...process.env, HOST: '127.0.0.1' });
    const started = await startWebServer({ dev: false, port: 0, hostname: HOST });
    const metrics = (await startMetricsServer(0, undefined, 'test', { host: HOST }))!;
    try {
      expect([address(started.server), address(metrics)]).toEqual(['127.0.0.1', '127.0.0.1']);
    } finally {
      await started.close();
      await new Promise((r) => metrics.close(r));
    }
  });

  it('unset (the default): every interface, as before', async () => {
    const { HOST } = parseEnv({ ...process.env, HOST: undefined });
    expect(HOST).toBeUndefined();
    const started = await startWebServer({ dev: false, port: 0, hostname: HOST });
    const metrics = (await startMetricsServer(0, undefined, 'test', { host: HOST }))!;
    try {
      // (:: takes IPv4 too; a machine without IPv6 gives 0.0.0.0)
      for (const s of [started.server, metrics]) expect(['::', '0.0.0.0']).toContain(address(s));
    } finally {
      await started.close();
      await new Promise((r) => metrics.close(r));
    }
  });
});
