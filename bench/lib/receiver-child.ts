import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The bench's webhook receiver, in its own process so that it never shares a
 * core with the sender it measures: acks every POST at once with 204, counts
 * them (and distinct event_ids), keeps the first bodies for the raw-loop
 * baseline. Talks to the bench over IPC: 'stats', 'bodies', 'reset', 'fair'.
 * Ten more servers (ports) stand for ten merchants' receivers: each keeps the
 * times at which it answered ('fair' returns them, by receiver). 'hold' makes every
 * receiver keep its requests unanswered until 'release'.
 */
let count = 0;
let firstAt = 0;
let lastAt = 0;
const ids = new Set<string>();
const bodies: Array<{ body: string; authorization?: string }> = [];
const KEEP = 20_000;

/** While held ('hold' until 'release'), no receiver answers: a backlog builds up behind the scheduler's caps. */
let held: Array<() => void> | null = null;

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    if (held) held.push(() => answer(req, res, chunks));
    else answer(req, res, chunks);
  });
});
function answer(req: IncomingMessage, res: ServerResponse, chunks: Buffer[]) {
  res.writeHead(204);
  res.end();
  const now = Date.now();
  firstAt ||= now;
  lastAt = now;
  count++;
  const body = Buffer.concat(chunks).toString('utf8');
  const m = /"event_id":"([^"]+)"/.exec(body);
  if (m) ids.add(m[1]);
  if (bodies.length < KEEP) bodies.push({ body, authorization: req.headers.authorization });
}
server.keepAliveTimeout = 30_000;
const RECEIVERS = 10;
const arrivals: number[][] = Array.from({ length: RECEIVERS }, () => []);
const receivers = arrivals.map((times) => {
  const s = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const answer = () => {
        res.writeHead(204);
        res.end();
        times.push(Date.now());
      };
      if (held) held.push(answer);
      else answer();
    });
  });
  s.keepAliveTimeout = 30_000;
  return s;
});
const listen = (s: typeof server) => new Promise<number>((resolve) => s.listen(0, '127.0.0.1', () => resolve((s.address() as AddressInfo).port)));
void Promise.all([listen(server), ...receivers.map(listen)]).then(([port, ...ports]) => {
  process.send!({ type: 'ready', port, ports });
});

process.on('message', (msg: { type: string }) => {
  if (msg.type === 'stats') process.send!({ type: 'stats', count, distinct: ids.size, firstAt, lastAt });
  else if (msg.type === 'fair') process.send!({ type: 'fair', arrivals });
  else if (msg.type === 'hold') {
    held = [];
    process.send!({ type: 'hold' });
  } else if (msg.type === 'release') {
    const answers = held ?? [];
    held = null;
    for (const a of answers) a();
    process.send!({ type: 'release' });
  }
  else if (msg.type === 'bodies') process.send!({ type: 'bodies', bodies });
  else if (msg.type === 'reset') {
    count = 0;
    firstAt = 0;
    lastAt = 0;
    ids.clear();
    process.send!({ type: 'reset' });
  }
});
process.on('disconnect', () => process.exit(0));
