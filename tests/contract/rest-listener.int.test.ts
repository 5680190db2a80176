import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { normalizeForwardedFor } from '@/server/http/forwarded-for';
import { createRestListener, isRestPath } from '@/server/http/rest-listener';
import { logger } from '@/server/lib/logger';
import { closePools, makeMerchant, restClient, testDeps } from '../helpers';

/**
 * The REST listener `npm start` serves the API with (node:http, no Fetch
 * objects; the other contract tests reach it through fetch): the contract's
 * answers on a raw socket, plus what only a real socket shows (HEAD, 413 on a
 * streamed body, the client address, the security headers).
 */
const deps = testDeps();
const fetchCall = restClient(deps);
let server: Server;
let base: string;
let key: string;

beforeAll(async () => {
  const listener = createRestListener(() => deps, { dev: false });
  // As server/http/web-server.ts wires it (TRUST_PROXY=off): the client address is the socket's.
  server = createServer((req, res) => {
    normalizeForwardedFor(req, false);
    void listener(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/svc/sms-api`;
  key = (await makeMerchant(deps.db, deps.env, { prepaid: '10' })).apiKey;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await closePools();
});

/** A raw request (no fetch): status, headers and body text as sent on the wire. */
function raw(method: string, path: string, opts: { headers?: Record<string, string>; chunks?: Buffer[] } = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers: opts.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    for (const c of opts.chunks ?? []) req.write(c);
    req.end();
  });
}

describe('REST listener', () => {
  it('routes only the API prefix', () => {
    expect(isRestPath('/api/v1/svc/sms-api')).toBe(true);
    expect(isRestPath('/api/v1/svc/sms-api/send')).toBe(true);
    expect(isRestPath('/api/v1/svc/sms-api?x=1')).toBe(true);
    expect(isRestPath('/api/v1/svc/sms-apix/send')).toBe(false);
    expect(isRestPath('/dashboard')).toBe(false);
    expect(isRestPath(undefined)).toBe(false);
  });

  it('answers on a raw socket what fetch gets, the contract status of each case, with the security headers', async () => {
    for (const [method, path, body, status] of [
      ['GET', '/balance', undefined, 200],
      ['POST', '/calculate', JSON.stringify({ to: ['+243812345678'], message: 'hello' }), 400],
      ['POST', '/calculate', '{"to": [', 400],
      ['GET', '/status/msg_nope', undefined, 404],
      ['DELETE', '/balance', undefined, 405],
      ['GET', '/nowhere', undefined, 404],
    ] as const) {
      const viaSocket = await raw(method, path, { headers: { 'app-key': key, 'content-type': 'application/json' }, chunks: body ? [Buffer.from(body)] : [] });
      const viaFetch = await fetchCall(method, path, { key, rawBody: body, headers: { 'content-type': 'application/json' } });
      expect({ path, status: viaSocket.status, body: JSON.parse(viaSocket.body) }).toEqual({ path, status, body: viaFetch.body });
      expect(viaSocket.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(viaSocket.headers['x-content-type-options']).toBe('nosniff');
      expect(viaSocket.headers['x-frame-options']).toBe('DENY');
      expect(viaSocket.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
    expect(JSON.parse((await raw('GET', '/status/msg_nope', { headers: { 'app-key': key } })).body)).toEqual({ detail: 'Message not found' });
  });

  it('sends no body to HEAD (405 with Allow, as the routes are GET/POST only)', async () => {
    const res = await raw('HEAD', '/balance', { headers: { 'app-key': key } });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET');
    expect(res.body).toBe('');
  });

  it('answers 413 (1103) to a body over 256 KB, declared or streamed, and closes the connection', async () => {
    const declared = await raw('POST', '/send', { headers: { 'app-key': key, 'content-length': String(300 * 1024) }, chunks: [Buffer.alloc(300 * 1024, 32)] });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toMatchObject({ success: false, status_code: 413, error_code: '1103' });
    expect(declared.headers.connection).toBe('close');
    const streamed = await raw('POST', '/send', { headers: { 'app-key': key, 'transfer-encoding': 'chunked' }, chunks: Array.from({ length: 8 }, () => Buffer.alloc(64 * 1024, 32)) });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body)).toMatchObject({ status_code: 413, error_code: '1103' });
  });

  it('throttles bad keys by the socket address when no proxy header is present', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await raw('GET', '/balance', { headers: { 'app-key': `sk_test_${String(i).padStart(32, 'Q')}` } })).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(5).fill(429));
    // a valid key from the same address still passes
    expect((await raw('GET', '/balance', { headers: { 'app-key': key } })).status).toBe(200);
  });

  it('drops a request whose client leaves mid-body: logged as the client closing it (info), not as a failure', async () => {
    const info = vi.spyOn(logger, 'info').mockImplementation(() => {});
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {});
    try {
      const { port } = server.address() as AddressInfo;
      const socket = connect(port, '127.0.0.1');
      await new Promise((r) => socket.once('connect', r));
      socket.write(`POST /api/v1/svc/sms-api/send HTTP/1.1\r\nHost: x\r\napp-key: ${key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"to": [`);
      // the key is checked before the body is read; then the client goes
      await new Promise((r) => setTimeout(r, 200));
      socket.destroy();
      await expect.poll(() => info.mock.calls.map((c) => c[0]), { timeout: 5_000 }).toContain('client closed the request before its body ended');
      expect(info.mock.calls.find((c) => c[0] === 'client closed the request before its body ended')?.[1]).toEqual({ method: 'POST', path: '/api/v1/svc/sms-api/send' });
      expect(error).not.toHaveBeenCalled();
      // and the listener serves the next request as usual
      expect((await raw('GET', '/balance', { headers: { 'app-key': key } })).status).toBe(200);
    } finally {
      info.mockRestore();
      error.mockRestore();
    }
  });
});
