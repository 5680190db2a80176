import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How long a client may take to send a request, on every HTTP port of the service (the web process's, with the
 * REST API, Next and /metrics, and the worker's and SMPP listener's /metrics; docs/operations.md, "Request limits"). A socket
 * is a slot of the listener: a client that trickles its request must not hold one for long.
 */
export type ClientTimeouts = {
  /** No byte of a request's head or body for this long: cut (408 when nothing has been answered yet). */
  idleMs: number;
  /** The request head, from its first byte (Node's headersTimeout): 408. */
  headersMs: number;
  /** The whole request, head and body (Node's requestTimeout): 408. */
  requestMs: number;
  /** An idle keep-alive connection between requests is closed (silently) after this. */
  keepAliveMs: number;
};

export const CLIENT_TIMEOUTS: ClientTimeouts = { idleMs: 10_000, headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 };

/** Node checks headersMs and requestMs on a timer (30 s by default): every second, or a tenth of headersMs if shorter. */
const MAX_CHECK_INTERVAL_MS = 1_000;

/** What Node itself writes when headersMs or requestMs passes. */
const REQUEST_TIMEOUT_ANSWER = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n';

/**
 * A node:http server whose clients are held to `timeouts`. Node bounds the head and the whole request; the idle
 * bound is the socket timeout (`server.timeout`, which Node arms on each connection and again when a keep-alive
 * connection's next head arrives), judged here by what the connection is doing when it fires: a request still
 * arriving is cut; a request wholly read, whose handler is working or whose answer is being written, is not this
 * bound's business (a slow handler is not a slow client); between requests it is Node's keep-alive close.
 */
export function createBoundedServer(handle: (req: IncomingMessage, res: ServerResponse) => void, timeouts: ClientTimeouts = CLIENT_TIMEOUTS): Server {
  // The latest request's answer on each socket (a WeakMap: nothing to clean up when the socket goes).
  const answers = new WeakMap<Socket, ServerResponse>();
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      connectionsCheckingInterval: Math.min(MAX_CHECK_INTERVAL_MS, Math.ceil(timeouts.headersMs / 10)),
    },
    (req, res) => {
      answers.set(req.socket, res);
      handle(req, res);
    },
  );
  server.timeout = timeouts.idleMs;
  // With a 'timeout' listener Node leaves the socket to it (without one, it destroys the socket).
  server.on('timeout', (socket: Socket) => {
    const res = answers.get(socket);
    // No request yet: its head is late (408, as Node answers a late head).
    if (!res) return cut(socket, true);
    if (!res.writableFinished) {
      // Wholly read (its handler at work), or answered and its answer still going out: not a slow client.
      if (res.req.complete || res.writableEnded) return;
      // Its body stopped coming.
      return cut(socket, !res.headersSent);
    }
    // Answered: an idle keep-alive connection, or the unread rest of an answered request's body.
    socket.destroy();
  });
  return server;
}

function cut(socket: Socket, answer: boolean): void {
  if (answer && socket.writable) socket.write(REQUEST_TIMEOUT_ANSWER);
  socket.destroy();
}
