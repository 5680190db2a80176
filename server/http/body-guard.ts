import { IncomingMessage, type ServerResponse } from 'node:http';
import { exceedsJsonDepth, MAX_JSON_DEPTH } from '@/server/lib/json-depth';
import { TRPC_MAX_BATCH } from '@/shared/trpc-limits';
import { bodyRuleFor, isJsonContentType, TRPC_PREFIX, type BodyRule } from './body-limits';

/** After a refusal, what is still read (and dropped) so the client gets the answer, not a reset. */
const DRAIN_MAX_BYTES = 8 * 1024 * 1024;
const DRAIN_MAX_MS = 2_000;

/**
 * The gate in front of Next (server/http/web-server.ts): no Next handler sees
 * a body over its route's limit (body-limits.ts), JSON nested deeper than
 * MAX_JSON_DEPTH, or a tRPC batch of more than TRPC_MAX_BATCH procedures.
 * A declared Content-Length over the limit is refused before reading; a
 * chunked body is counted as it streams and refused as soon as it passes the
 * limit. An accepted body (at most the limit: 64 KB for tRPC, 16 KB for most
 * routes, 4 MB for the opt-out import) is held and handed to Next in a
 * replayed request. Requests without a body pass through untouched.
 * Resolves the request Next should serve, or null when this answered (413,
 * 400) or the client went away.
 */
export async function guardNextRequest(req: IncomingMessage, res: ServerResponse, fixedHeaders: Record<string, string>): Promise<IncomingMessage | null> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const rule = bodyRuleFor(url.pathname);
  const refuse = (status: 400 | 413, message: string) => {
    refuseRequest(req, res, status, fixedHeaders, refusalBody(rule, status, message));
    return null;
  };

  if (rule.answer === 'trpc') {
    const paths = url.pathname.slice(TRPC_PREFIX.length + 1);
    if (url.searchParams.get('batch') === '1' && paths.split(',').length > TRPC_MAX_BATCH) {
      return refuse(400, `A batch may call at most ${TRPC_MAX_BATCH} procedures.`);
    }
    const input = url.searchParams.get('input');
    if (input !== null && exceedsJsonDepth(Buffer.from(input))) return refuse(400, depthMessage());
  }

  const length = req.headers['content-length'];
  if (req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0')) return req;
  if (length !== undefined && Number(length) > rule.maxBytes) return refuse(413, sizeMessage(rule));

  const body = await readAtMost(req, rule.maxBytes);
  if (body === 'aborted') return null;
  if (body === 'too-large') return refuse(413, sizeMessage(rule));
  if ((rule.json === 'always' || isJsonContentType(req.headers['content-type'])) && exceedsJsonDepth(body)) return refuse(400, depthMessage());
  return replay(req, body);
}

const sizeMessage = (rule: BodyRule) => `The request body is larger than ${rule.maxBytes / 1024} KB.`;
const depthMessage = () => `The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep.`;

/** tRPC's error JSON (what the dashboard's client parses) under /api/trpc; `{error, message}` elsewhere. */
function refusalBody(rule: BodyRule, status: 400 | 413, message: string): string {
  if (rule.answer === 'trpc') {
    const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST';
    return JSON.stringify({ error: { message, code: status === 413 ? -32013 : -32600, data: { code, httpStatus: status, fieldErrors: null } } });
  }
  return JSON.stringify({ error: status === 413 ? 'Payload Too Large' : 'Bad Request', message });
}

/**
 * Reads the body while counting: stops (without keeping more) as soon as it passes `max`. The one bounded reader of
 * the web process (this gate, the REST listener) and of the bench's bare servers.
 */
export function readAtMost(req: IncomingMessage, max: number): Promise<Buffer | 'too-large' | 'aborted'> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (out: Buffer | 'too-large' | 'aborted') => {
      req.off('data', onData).off('end', onEnd).off('error', onAbort).off('close', onClose);
      resolve(out);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        req.pause();
        return done('too-large');
      }
      chunks.push(chunk);
    };
    // (one chunk, the usual small body, is handed on as it is: no copy)
    const onEnd = () => done(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
    const onAbort = () => done('aborted');
    const onClose = () => {
      if (!req.complete) done('aborted');
    };
    req.on('data', onData).once('end', onEnd).once('error', onAbort).once('close', onClose);
  });
}

/**
 * Answers and closes the connection. The rest of the body is read and dropped
 * first (up to 8 MB or 2 s): closing with unread data makes the client's
 * kernel reset the connection, and the client often loses the answer.
 */
export function refuseRequest(req: IncomingMessage, res: ServerResponse, status: number, fixedHeaders: Record<string, string | number>, body: string): void {
  res.writeHead(status, { ...fixedHeaders, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), Connection: 'close' });
  if (req.complete || req.destroyed) return void res.end(body);
  res.write(body);
  let drained = 0;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    req.off('data', onData);
    res.end();
  };
  const onData = (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_MAX_BYTES) {
      finish();
      req.socket.destroy();
    }
  };
  const timer = setTimeout(() => {
    finish();
    req.socket.destroy();
  }, DRAIN_MAX_MS);
  req.on('data', onData).once('end', finish).once('close', finish);
  req.resume();
}

/** The request as Next would have received it, its body (already read and checked) served from memory. */
function replay(req: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new IncomingMessage(req.socket);
  copy.method = req.method;
  copy.url = req.url;
  copy.httpVersion = req.httpVersion;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  const headers = { ...req.headers, 'content-length': String(body.length) };
  delete headers['transfer-encoding'];
  copy.headers = headers;
  const raw: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i].toLowerCase();
    if (name !== 'content-length' && name !== 'transfer-encoding') raw.push(req.rawHeaders[i], req.rawHeaders[i + 1]);
  }
  copy.rawHeaders = [...raw, 'Content-Length', String(body.length)];
  copy.complete = true;
  copy._read = () => {};
  if (body.length > 0) copy.push(body);
  copy.push(null);
  return copy;
}
