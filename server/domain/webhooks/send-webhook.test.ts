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

describe('envelopeBody of inbound events (D18)', () => {
  it('sms.received: event_id, event_type, timestamp, inbound_id, data, and data in D18 order', () => {
    // (jsonb hands the keys back sorted by length, then bytes)
    const stored = {
      data: { to: '4321', from: '+243812345678', text: 'Hi', opt_out: null, carrier: 'mno-a', keyword: null, complete: true, encoding: 'gsm7', segments: 1, in_reply_to: null, received_at: 'r' },
      event_id: 'e',
      timestamp: 't',
      event_type: 'sms.received',
      inbound_id: 'in_1',
    };
    expect(envelopeBody(stored)).toBe(
      '{"event_id":"e","event_type":"sms.received","timestamp":"t","inbound_id":"in_1","data":{"from":"+243812345678","to":"4321","keyword":null,"text":"Hi",' +
        '"encoding":"gsm7","segments":1,"complete":true,"received_at":"r","carrier":"mno-a","in_reply_to":null,"opt_out":null}}',
    );
  });

  it('contact events: no inbound_id, data in D19 order', () => {
    const stored = { data: { phone: '+243812345678', number: '4321', source: 'keyword' }, event_id: 'e', timestamp: 't', event_type: 'contact.opted_out' };
    expect(envelopeBody(stored)).toBe('{"event_id":"e","event_type":"contact.opted_out","timestamp":"t","data":{"phone":"+243812345678","source":"keyword","number":"4321"}}');
  });
});
