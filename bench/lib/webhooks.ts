import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type ReceiverStats = { count: number; distinct: number; firstAt: number; lastAt: number };
export type RecordedBody = { body: string; authorization?: string };

/** The receiver child (receiver-child.ts) and a typed request/answer over IPC. */
export async function startReceiverChild() {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'receiver-child.ts');
  const child: ChildProcess = fork(file, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ask = <T>(type: string): Promise<T> =>
    new Promise((resolve) => {
      const on = (m: any) => {
        if (m?.type !== type) return;
        child.off('message', on);
        resolve(m as T);
      };
      child.on('message', on);
      child.send({ type });
    });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: any) => (m?.type === 'ready' ? resolve(m.port) : reject(new Error('receiver did not start'))));
    child.once('exit', () => reject(new Error('receiver exited')));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stats: () => ask<ReceiverStats & { type: string }>('stats'),
    bodies: async () => (await ask<{ bodies: RecordedBody[] }>('bodies')).bodies,
    reset: () => ask('reset'),
    stop: () => {
      child.disconnect();
      child.kill();
    },
  };
}

/**
 * The webhook baseline: POSTs the recorded bodies (with their headers) to the
 * receiver with `concurrency` requests in flight over keep-alive connections,
 * plain node:http, no database. Events per second.
 */
export async function rawPostLoop(url: string, bodies: RecordedBody[], concurrency: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const target = new URL('/hook', url);
  let next = 0;
  const post = (b: RecordedBody) =>
    new Promise<void>((resolve, reject) => {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(b.body)),
        'user-agent': 'sms-gateway-webhooks/1',
      };
      if (b.authorization) headers.authorization = b.authorization;
      const req = http.request(target, { method: 'POST', agent, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve());
      });
      req.on('error', reject);
      req.end(b.body);
    });
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < bodies.length) await post(bodies[next++]);
    }),
  );
  const rate = bodies.length / ((performance.now() - t0) / 1000);
  agent.destroy();
  return rate;
}
