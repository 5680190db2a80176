import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeBody, httpPost } from './send-webhook';

let port = 0;
const seen: Array<{ url: string; headers: IncomingHttpHeaders; body: string }> = [];
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    seen.push({ url: req.url ?? '', headers: req.headers, body });
    res.writeHead(req.url === '/redirect' ? 302 : 204, req.url === '/redirect' ? { location: '/elsewhere' } : {});
    res.end();
  });
});
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('httpPost', () => {
  it('with a pin, connects to the pinned address whatever the host name resolves to', async () => {
    // `.invalid` never resolves (RFC 6761): reaching the server proves DNS was not used.
    const answer = await httpPost(new URL(`http://pinned.invalid:${port}/pinned`), '{"a":1}', { 'content-type': 'application/json' }, {
      pin: { address: '127.0.0.1', family: 4 },
      timeoutMs: 2000,
    });
    expect(answer).toEqual({ statusCode: 204, body: '' });
    const hit = seen.find((s) => s.url === '/pinned')!;
    expect(hit.body).toBe('{"a":1}');
    expect(hit.headers.host).toBe(`pinned.invalid:${port}`);
    expect(hit.headers['content-length']).toBe('7');
  });

  it('does not follow redirects', async () => {
    expect(await httpPost(new URL(`http://127.0.0.1:${port}/redirect`), '{}', {}, { pin: null, timeoutMs: 2000 })).toEqual({ statusCode: 302, body: '' });
    expect(seen.some((s) => s.url === '/elsewhere')).toBe(false);
  });

  it('a refused connection is an error, not an exception', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    expect(await httpPost(new URL(`http://127.0.0.1:${closedPort}/`), '{}', {}, { pin: null, timeoutMs: 2000 })).toEqual({
      error: 'connection failed: ECONNREFUSED',
      timedOut: false,
    });
  });
});

describe('envelopeBody', () => {
  it('writes the envelope in the spec order', () => {
    const stored = { data: { a: 1 }, event_id: 'e', timestamp: 't', event_type: 'sms.sent', message_id: 'm' };
    expect(envelopeBody(stored)).toBe('{"event_id":"e","event_type":"sms.sent","timestamp":"t","message_id":"m","data":{"a":1}}');
  });
});
