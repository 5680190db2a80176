import { fork } from 'node:child_process';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { digestApiKey } from '../../server/lib/crypto';
import { readAtMost } from '../../server/http/body-guard';
import { securityHeaderRecord } from '../../server/http/security-headers.mjs';
import { rawSendOnce, type RawMerchant } from './raw-db';

/**
 * What POST /send (1 recipient) costs over HTTP on this machine with nothing of ours in between: a bare
 * node:http server, in its own process like the web process, with a pool of the web process's size (10), that
 * reads each request's body (bounded like the service's), JSON.parses it, and runs the raw send loop's writes
 * (rawSendOnce, the same code) for the merchant of the `app-key` header, then answers 201 with the service's
 * body (`{status_code, data}` of SendResult) and headers (the security headers, RateLimit-*). The bench loads
 * it with the same autocannon settings as POST /send: an info row that shows how much of the gap to the raw
 * loop is HTTP and the load generator themselves on the shared cores, and how much is the service's own code.
 */
export async function startMinimalSendServer(env: NodeJS.ProcessEnv, merchants: RawMerchant[]): Promise<{ origin: string; pid: number; stop: () => void }> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...env, BENCH_RAW_MERCHANTS: JSON.stringify(merchants) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', () => reject(new Error('the minimal send server exited')));
  });
  return { origin: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill() };
}

/** The service's bound on a request body (MAX_BODY_BYTES of server/api/rest/handler.ts). */
const MAX_BODY_BYTES = 256 * 1024;

class Refused extends Error {
  constructor(readonly status: number) {
    super(`refused with ${status}`);
  }
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const body = await readAtMost(req, MAX_BODY_BYTES);
  if (body === 'too-large') throw new Refused(413);
  if (body === 'aborted') throw new Refused(400);
  return body;
}

function serve(): void {
  const sql = postgres(process.env.DATABASE_URL!, { max: 10, onnotice: () => {} });
  const secret = process.env.APP_SECRET!;
  const byDigest = new Map((JSON.parse(process.env.BENCH_RAW_MERCHANTS!) as RawMerchant[]).map((m) => [m.digest, m]));
  // The raw loop's writes for one recipient: the same statements, the same rows.
  const once = rawSendOnce(sql, 1);
  const fixed = securityHeaderRecord(false);
  const answer = async (req: IncomingMessage): Promise<[number, Record<string, string>, string]> => {
    const m = byDigest.get(digestApiKey(secret, String(req.headers['app-key'])));
    if (!m) throw new Refused(401);
    const body = JSON.parse((await readBody(req)).toString('utf8')) as { to?: unknown };
    if (!Array.isArray(body.to) || body.to.length !== 1) throw new Refused(400);
    const sent = await once(m);
    const headers = { 'RateLimit-Limit': String(sent.limit), 'RateLimit-Remaining': String(sent.remaining), 'RateLimit-Reset': String(sent.resetSeconds) };
    const data = { message_id: sent.messageId, total_recipients: 1, total_messages: 1, total_cost: Number(sent.cost), currency: 'USD', status: 'pending', sending_type: 'immediate' };
    return [201, headers, JSON.stringify({ status_code: 201, data })];
  };
  const server = createServer((req, res) => {
    answer(req)
      .then(([status, headers, body]) => {
        const all: Record<string, string | number> = Object.assign({ 'Content-Type': 'application/json; charset=utf-8' }, fixed, headers);
        all['Content-Length'] = Buffer.byteLength(body);
        res.writeHead(status, all);
        res.end(body);
      })
      .catch((e: unknown) => res.writeHead(e instanceof Refused ? e.status : 500, { Connection: 'close' }).end());
  });
  server.keepAliveTimeout = 5_000;
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
  process.on('disconnect', () => process.exit(0));
}

if (process.send && process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) serve();
