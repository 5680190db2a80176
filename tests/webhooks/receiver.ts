import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got; `at` is performance.now() when its body was read. */
export type Hit = { path: string; method: string; headers: IncomingHttpHeaders; body: string; json: any; at: number };
export type Reply = { status: number; delayMs?: number; headers?: Record<string, string> };
/** `nth` counts the requests of the same event_id on this receiver (1 = first). */
export type Responder = (hit: Hit, nth: number) => Reply;

/**
 * A real HTTP receiver on 127.0.0.1, port 0: records every request, answers
 * per path (default 200), tracks how many requests of a path were open at once.
 */
export async function startReceiver(routes: Record<string, Responder> = {}) {
  const hits: Hit[] = [];
  const perEvent = new Map<string, number>();
  const open = new Map<string, number>();
  const maxOpen = new Map<string, number>();
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    open.set(path, (open.get(path) ?? 0) + 1);
    maxOpen.set(path, Math.max(maxOpen.get(path) ?? 0, open.get(path)!));
    res.on('close', () => open.set(path, open.get(path)! - 1));
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      let json: any = null;
      try {
        json = JSON.parse(body);
      } catch {
        // not JSON
      }
      const hit: Hit = { path, method: req.method ?? '', headers: req.headers, body, json, at: performance.now() };
      hits.push(hit);
      const key = String(json?.event_id ?? '');
      const nth = (perEvent.get(key) ?? 0) + 1;
      perEvent.set(key, nth);
      const reply = (routes[path] ?? (() => ({ status: 200 })))(hit, nth);
      const answer = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status, reply.headers ?? {});
        res.end();
      };
      if (reply.delayMs) setTimeout(answer, reply.delayMs);
      else answer();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    on: (path: string) => hits.filter((h) => h.path === path),
    ofEvent: (eventId: string) => hits.filter((h) => h.json?.event_id === eventId),
    maxOpen: (path: string) => maxOpen.get(path) ?? 0,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
