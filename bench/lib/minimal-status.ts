import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { STATUS_READ_SQL } from '../../server/domain/messages/get-status';
import { digestApiKey } from '../../server/lib/crypto';

/**
 * What GET /status costs over HTTP on this machine with nothing of ours in between: a bare node:http server,
 * in its own process like the web process, that runs the raw status loop's one statement (the service's:
 * api_key_take and the message row, STATUS_READ_SQL) per request on a pool of the web process's size (10)
 * and answers the row as JSON. The bench
 * loads it with the same autocannon settings as GET /status: an info row that shows how much of the gap to
 * the raw loop is HTTP and the load generator themselves on the shared cores.
 */
export async function startMinimalStatusServer(env: NodeJS.ProcessEnv): Promise<{ origin: string; pid: number; stop: () => void }> {
  const child = fork(fileURLToPath(import.meta.url), [], { execArgv: ['--import', 'tsx'], env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', () => reject(new Error('the minimal status server exited')));
  });
  return { origin: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill() };
}

function serve(): void {
  const sql = postgres(process.env.DATABASE_URL!, { max: 10, onnotice: () => {} });
  const secret = process.env.APP_SECRET!;
  const answer = async (url: string, key: string): Promise<[number, string]> => {
    const id = url.split('/').pop() ?? '';
    const [row] = await sql.unsafe(STATUS_READ_SQL, [digestApiKey(secret, key), 'test', 'status', 1000000, null, 60, 30, 300, id], { prepare: true });
    if (!row?.allowed) return [401, ''];
    return row.m_id ? [200, JSON.stringify({ status_code: 200, data: row })] : [404, ''];
  };
  const server = createServer((req, res) => {
    answer(req.url ?? '', String(req.headers['app-key']))
      .then(([status, body]) => {
        res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
        res.end(body);
      })
      .catch(() => res.writeHead(500).end());
  });
  server.keepAliveTimeout = 5_000;
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
  process.on('disconnect', () => process.exit(0));
}

if (process.send && process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) serve();
