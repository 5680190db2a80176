import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPipeline } from '@/server/domain/delivery/pipeline';
import { createWebHandler } from '@/server/http/web-server';
import { createRestListener } from '@/server/http/rest-listener';
import { createTaskList } from '@/server/jobs/task-list';
import { createMetricsHandler, startMetricsServer } from '@/server/metrics/handler';
import { closePools, makeMerchant, testDeps, testEnv } from '../helpers';
import { drain, withSimulator } from '../pipeline/drain';
import { startReceiver } from '../webhooks/receiver';
import { get, parseMetrics } from './scrape';

/**
 * GET /metrics of the web process's real request router (server/http/web-server.ts, Next.js replaced by a 404
 * stub: no build needed) over a real socket: a send through POST /send and the whole pipeline (graphile-worker
 * tasks, in this process) move the counters by exact amounts; the bearer token guards the endpoint.
 */
const TOKEN = 'metrics-token-0123456789';
const env = testEnv({ CARRIER_SIM_DELAY_MS: '0', CARRIER_SIM_VALIDITY_S: '0', METRICS_TOKEN: TOKEN, WEBHOOK_RETRY_SCHEDULE: '1h' });
const deps = testDeps({ env });
const pipeline = createPipeline(deps.db, env);
const tasks = withSimulator(createTaskList(() => pipeline), deps.db, env);
const REST = '/api/v1/svc/sms-api';
let server: Server;
let base: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  const handle = createWebHandler({
    rest: createRestListener(() => deps, { dev: false }),
    next: (_req, res) => res.writeHead(404).end(),
    metrics: createMetricsHandler({ token: env.METRICS_TOKEN, db: () => deps.db }),
    trustProxy: false,
    dev: false,
  });
  server = createServer(handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await receiver.close();
  await closePools();
});

const scrape = async () => {
  const res = await get(`${base}/metrics`, { authorization: `Bearer ${TOKEN}` });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  return parseMetrics(res.body);
};

function post(url: string, key: string, body: unknown) {
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'app-key': key, 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe('GET /metrics', () => {
  it('refuses a missing or wrong bearer token with 401, answers the right one', async () => {
    const before = await scrape();
    expect((await get(`${base}/metrics`)).status).toBe(401);
    expect((await get(`${base}/metrics`, { authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await get(`${base}/metrics`, { authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
    expect((await get(`${base}/metrics`, { authorization: TOKEN })).status).toBe(401);
    const refused = await get(`${base}/metrics`, { authorization: 'Bearer wrong' });
    expect(refused.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(refused.body).toBe('unauthorized\n');
    const m = await scrape();
    // the five refusals above, each counted under the bounded route label
    const refusals = { route: 'metrics', method: 'GET', status: '401' };
    expect(m.value('sms_http_requests_total', refusals) - before.value('sms_http_requests_total', refusals)).toBe(5);
  });

  it('labels each request by what answered it: the REST route the listener matched, rest_unmatched, trpc, next', async () => {
    const cases: Array<[path: string, status: number, route: string]> = [
      [`${REST}/health`, 200, `${REST}/health`],
      [`${REST}/send`, 405, `${REST}/send`], // the route matched, not with this method
      [`${REST}/openapi.json?x=1`, 200, `${REST}/openapi.json`],
      [`${REST}/nowhere/at/all`, 404, 'rest_unmatched'],
      [REST, 404, 'rest_unmatched'],
      [`${REST}/x/../health`, 200, `${REST}/health`], // what the listener routed, dot segments resolved
      ['/api/trpc/messages.list', 404, 'trpc'],
      ['/dashboard', 404, 'next'],
    ];
    const before = await scrape();
    for (const [path, status] of cases) expect([path, (await get(`${base}${path}`)).status]).toEqual([path, status]);
    const after = await scrape();
    for (const [path, status, route] of cases) {
      const labels = { route, method: 'GET', status: String(status) };
      const n = cases.filter((c) => c[1] === status && c[2] === route).length;
      expect([path, after.value('sms_http_requests_total', labels) - before.value('sms_http_requests_total', labels)]).toEqual([path, n]);
    }
  });

  it('counts a send through POST /send and its pipeline by exact amounts', async () => {
    const m = await makeMerchant(deps.db, env, { prepaid: '10', webhook: { url: `${receiver.url}/hooks` } });
    const before = await scrape();
    const sendRoute = { route: `${REST}/send`, method: 'POST', status: '201' };
    const statusRoute = { route: `${REST}/status/{message_id}`, method: 'GET', status: '200' };

    const sent = await post(`${base}${REST}/send`, m.apiKey, { to: ['+243810005555', '+243810001111', '+243810002222', '+243810003333'], message: 'Hello' });
    expect(sent.status).toBe(201);
    const id = sent.body.data.message_id as string;
    expect((await get(`${base}${REST}/status/${id}`, { 'app-key': m.apiKey })).status).toBe(200);

    // Before any worker ran: the dispatch job is due, the sms.queued delivery pending.
    const queued = await scrape();
    expect(queued.value('sms_job_queue_jobs', { task: 'dispatch_message', state: 'due' })).toBe(1);
    expect(queued.value('sms_webhook_backlog')).toBe(1);
    expect(queued.value('sms_sends_accepted_total', { channel: 'api' }) - before.value('sms_sends_accepted_total', { channel: 'api' })).toBe(1);
    expect(queued.value('sms_wallet_charged_total', { currency: 'USD' }) - before.value('sms_wallet_charged_total', { currency: 'USD' })).toBeCloseTo(0.08, 10);
    expect(queued.value('sms_http_requests_total', sendRoute) - before.value('sms_http_requests_total', sendRoute)).toBe(1);
    expect(queued.value('sms_http_request_duration_seconds_count', sendRoute) - before.value('sms_http_request_duration_seconds_count', sendRoute)).toBe(1);
    expect(queued.value('sms_http_requests_total', statusRoute) - before.value('sms_http_requests_total', statusRoute)).toBe(1);
    // never a raw URL as a label
    expect(queued.samples.some((s) => Object.values(s.labels).some((v) => v.includes(id)))).toBe(false);

    await drain(deps.db, tasks);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) => after.value(name, labels) - before.value(name, labels);
    // +243810005555 delivered; 1111, 2222, 3333 fail (the simulator's magic numbers, D11)
    expect(delta('sms_recipients_terminal_total', { state: 'delivered' })).toBe(1);
    expect(delta('sms_recipients_terminal_total', { state: 'failed' })).toBe(3);
    expect(delta('sms_recipients_terminal_total', { state: 'cancelled' })).toBe(0);
    expect(delta('sms_dispatch_lag_seconds_count')).toBe(1);
    // queued 1 + processing 4 + sent 3 + delivered 1 + failed 3 = 12 events, each delivered at the first attempt
    const [attempts] = await deps.db.execute<{ n: number }>(sql`select count(*)::int as n from webhook_attempts`);
    expect(attempts.n).toBe(12);
    expect(receiver.hits).toHaveLength(12);
    expect(delta('sms_webhook_attempts_total', { outcome: 'succeeded' })).toBe(12);
    expect(delta('sms_webhook_attempts_total', { outcome: 'retry' })).toBe(0);
    expect(after.value('sms_webhook_backlog')).toBe(0);
    expect(after.value('sms_job_queue_jobs', { task: 'dispatch_message', state: 'due' })).toBe(0);
    expect(after.value('sms_job_queue_oldest_due_age_seconds')).toBe(0);
  });

  it('counts a request whose client left mid-body as 499, not as the 200 it never got', async () => {
    const m = await makeMerchant(deps.db, env, { prepaid: '10' });
    const route = { route: `${REST}/send`, method: 'POST' };
    const before = await scrape();
    const socket = connect(Number(new URL(base).port), '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write(`POST ${REST}/send HTTP/1.1\r\nHost: x\r\napp-key: ${m.apiKey}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"to": [`);
    await new Promise((r) => setTimeout(r, 200));
    socket.destroy();
    await expect
      .poll(async () => (await scrape()).value('sms_http_requests_total', { ...route, status: '499' }) - before.value('sms_http_requests_total', { ...route, status: '499' }), { timeout: 5_000 })
      .toBe(1);
    const after = await scrape();
    for (const status of ['200', '201', '500']) {
      expect(after.value('sms_http_requests_total', { ...route, status }) - before.value('sms_http_requests_total', { ...route, status })).toBe(0);
    }
  });

  it('counts a webhook attempt that will be retried as retry', async () => {
    const failing = await startReceiver({ '/down': () => ({ status: 503 }) });
    try {
      const m = await makeMerchant(deps.db, env, { prepaid: '10', webhook: { url: `${failing.url}/down` } });
      const before = await scrape();
      expect((await post(`${base}${REST}/send`, m.apiKey, { to: ['+243810005555'], message: 'Hi' })).status).toBe(201);
      await drain(deps.db, { deliver_webhooks: tasks.deliver_webhooks });
      const after = await scrape();
      expect(failing.hits).toHaveLength(1);
      expect(after.value('sms_webhook_attempts_total', { outcome: 'retry' }) - before.value('sms_webhook_attempts_total', { outcome: 'retry' })).toBe(1);
      // the sms.queued delivery waits an hour for its retry: still in the backlog, its job scheduled
      expect(after.value('sms_webhook_backlog')).toBe(1);
      expect(after.value('sms_job_queue_jobs', { task: 'dispatch_message', state: 'due' })).toBe(1);
    } finally {
      await failing.close();
    }
  });

  it('serves a process without an HTTP server (the worker) on its own port, 404 elsewhere', async () => {
    const worker = await startMetricsServer(0, TOKEN, 'test');
    expect(worker).not.toBeNull();
    try {
      const url = `http://127.0.0.1:${(worker!.address() as AddressInfo).port}`;
      expect((await get(`${url}/metrics`)).status).toBe(401);
      expect((await get(`${url}/other`, { authorization: `Bearer ${TOKEN}` })).status).toBe(404);
      const res = await get(`${url}/metrics`, { authorization: `Bearer ${TOKEN}` });
      expect(res.status).toBe(200);
      // this process's counters, without the database gauges (those are the web process's)
      const m = parseMetrics(res.body);
      const web = await scrape();
      expect(m.value('sms_sends_accepted_total', { channel: 'api' })).toBe(web.value('sms_sends_accepted_total', { channel: 'api' }));
      expect(m.value('sms_sends_accepted_total', { channel: 'api' })).toBeGreaterThanOrEqual(2);
      expect(m.samples.some((s) => s.name === 'sms_webhook_backlog')).toBe(false);
      expect(web.samples.some((s) => s.name === 'sms_webhook_backlog')).toBe(true);
    } finally {
      worker!.closeAllConnections();
      await new Promise((r) => worker!.close(r));
    }
  });
});
