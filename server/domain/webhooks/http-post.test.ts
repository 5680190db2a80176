import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { destroyAgents } from './agents';
import { httpPost } from './send-webhook';

/** A receiver on its own port (so its own pool): counts requests and connections, answers with `handle`. */
async function receiver(handle: (req: IncomingMessage, res: ServerResponse, nthOnSocket: number) => void) {
  const perSocket = new WeakMap<Socket, number>();
  const state = { requests: 0, connections: 0, closed: 0 };
  const server = createServer((req, res) => {
    const n = (perSocket.get(req.socket) ?? 0) + 1;
    perSocket.set(req.socket, n);
    state.requests++;
    req.resume();
    req.on('end', () => handle(req, res, n));
  });
  server.on('connection', (s: Socket) => {
    state.connections++;
    s.on('close', () => state.closed++);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook?x=1`);
  servers.push(server);
  return { url, state };
}
const servers: ReturnType<typeof createServer>[] = [];
const post = (url: URL, timeoutMs = 2000) => httpPost(url, '{"a":1}', { 'content-type': 'application/json' }, { pin: null, timeoutMs });
const until = async (ok: () => boolean) => {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
};

afterEach(() => destroyAgents());
afterAll(() => {
  for (const s of servers) {
    s.closeAllConnections();
    s.close();
  }
});

describe('httpPost connections', () => {
  it('reuses one keep-alive connection for successive POSTs to an origin', async () => {
    const r = await receiver((_q, res) => res.writeHead(204).end());
    for (let i = 0; i < 3; i++) expect(await post(r.url)).toEqual({ statusCode: 204, body: '' });
    expect([r.state.requests, r.state.connections]).toEqual([3, 1]);
  });

  it('POSTs one after the other, 8 at a time, use 8 connections (a POST settles once its connection is free again)', async () => {
    const r = await receiver((_q, res) => res.writeHead(204).end());
    let i = 0;
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (i++ < 400) expect(await post(r.url)).toEqual({ statusCode: 204, body: '' });
    }));
    expect([r.state.requests, r.state.connections]).toEqual([400, 8]);
  });

  it('a reused connection the receiver closes before answering is retried once on a new connection', async () => {
    const r = await receiver((req, res, n) => (n === 1 ? res.writeHead(204).end() : req.socket.destroy()));
    expect(await post(r.url)).toEqual({ statusCode: 204, body: '' });
    expect(await post(r.url)).toEqual({ statusCode: 204, body: '' });
    expect([r.state.requests, r.state.connections]).toEqual([3, 2]);
  });

  it('a new connection closed before any answer is an ECONNRESET, not retried', async () => {
    const r = await receiver((req) => req.socket.destroy());
    expect(await post(r.url)).toEqual({ error: 'connection failed: ECONNRESET', timedOut: false });
    expect(r.state.requests).toBe(1);
  });

  it('keeps the first 1 KB of the answer; a body over 64 KB closes the connection', async () => {
    let n = 0;
    const r = await receiver((_q, res) => res.writeHead(200).end(++n === 1 ? 'é'.repeat(600) + 'x'.repeat(70_000) : 'ok'));
    const a = await post(r.url);
    expect(a).toEqual({ statusCode: 200, body: 'é'.repeat(512) });
    await until(() => r.state.closed === 1);
    expect(await post(r.url)).toEqual({ statusCode: 200, body: 'ok' });
    expect([r.state.requests, r.state.connections, r.state.closed]).toEqual([2, 2, 1]);
  });

  it('at the deadline, an answer whose body is still coming is what arrived of it', async () => {
    const r = await receiver((_q, res) => {
      res.writeHead(500, { 'content-length': '100' });
      res.write('partial');
    });
    expect(await post(r.url, 300)).toEqual({ statusCode: 500, body: 'partial' });
  });

  it('no answer at the deadline is a timeout', async () => {
    const r = await receiver(() => {});
    expect(await post(r.url, 200)).toEqual({ error: 'timeout', timedOut: true });
    await until(() => r.state.closed === 1);
    expect(r.state.closed).toBe(1);
  });

  it('destroyAgents closes the pooled connections', async () => {
    const r = await receiver((_q, res) => res.writeHead(204).end());
    await post(r.url);
    expect(r.state.closed).toBe(0);
    destroyAgents();
    await until(() => r.state.closed === 1);
    expect(r.state.closed).toBe(1);
  });
});
