/**
 * Probe (issue 16, webhooks rate): what bounds one Node process posting signed webhook POSTs to the bench's
 * receiver. Runs variants of the bare HTTP loop (no database) and reports events/s with the CPU per POST of this
 * process and of the receiver child (from /proc). Usage: npx tsx bench/probe-webhook-client.ts [n] [variants...]
 */
import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { Client, Pool } from 'undici';
import { startReceiverChild } from './lib/webhooks';
import { sendWebhook } from '@/server/domain/webhooks/send-webhook';
import { agentFor } from '@/server/domain/webhooks/agents';
import { encryptSecret } from '@/server/lib/crypto';

const ctxt = (pid: number) => {
  const st = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/voluntary_ctxt_switches:\s+(\d+)/.exec(st)![1]) + Number(/nonvoluntary_ctxt_switches:\s+(\d+)/.exec(st)![1]);
};
const TICK_MS = 10; // USER_HZ 100
function procCpuMs(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const parts = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return (Number(parts[11]) + Number(parts[12])) * TICK_MS;
}
const authorization = `Basic ${Buffer.from('bench:bench-hook-password').toString('base64')}`;
const secret = Buffer.alloc(32, 7);

function event() {
  const id = randomUUID();
  const at = new Date();
  const body = JSON.stringify({ event_id: id, event_type: 'sms.delivered', timestamp: at.toISOString(), message_id: 'msg_bench', data: { recipient_phone: '+243820005000', carrier: 'sim-vodacom', delivered_at: at.toISOString(), segments: 1, dispatch_at: null } });
  const ts = String(Math.floor(at.getTime() / 1000));
  const sig = `v1,${createHmac('sha256', secret).update(`${id}.${ts}.${body}`).digest('base64')}`;
  return { id, ts, body, sig };
}

type Poster = (url: string) => { post: () => Promise<void>; close: () => void };

/** As bench/lib/webhooks.ts bareWebhookLoop: http.request with an object of headers over a keep-alive agent. */
const current: Poster = (url) => {
  const agent = new http.Agent({ keepAlive: true });
  return {
    post: () => {
      const e = event();
      const headers = { 'content-type': 'application/json', 'user-agent': 'sms-gateway-webhooks/1', authorization, 'webhook-id': e.id, 'webhook-timestamp': e.ts, 'webhook-signature': e.sig, 'content-length': String(Buffer.byteLength(e.body)) };
      return new Promise<void>((resolve, reject) => {
        const req = http.request(url, { method: 'POST', agent, headers }, (res) => {
          res.resume();
          res.on('end', resolve);
        });
        req.on('error', reject);
        req.end(e.body);
      });
    },
    close: () => agent.destroy(),
  };
};

/** As the service: URL object, headers spread, timers, data/end/close listeners (send-webhook.ts shape). */
const service: Poster = (url) => {
  const agent = new http.Agent({ keepAlive: true, maxFreeSockets: 16, timeout: 4000, scheduling: 'lifo' });
  return {
    post: () => {
      const e = event();
      const u = new URL(url);
      const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'sms-gateway-webhooks/1', authorization };
      Object.assign(headers, { 'webhook-id': e.id, 'webhook-timestamp': e.ts, 'webhook-signature': e.sig });
      return new Promise<void>((resolve, reject) => {
        const req = http.request(u, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(e.body)) }, agent }, (res) => {
          const kept: Buffer[] = [];
          res.on('data', (c: Buffer) => kept.push(c));
          res.on('end', () => {
            clearTimeout(timer);
            resolve();
          });
          res.on('close', () => resolve());
          res.on('error', () => {});
        });
        const timer = setTimeout(() => req.destroy(), 5000);
        req.on('error', reject);
        req.on('close', () => clearTimeout(timer));
        req.end(e.body);
      });
    },
    close: () => agent.destroy(),
  };
};

/**
 * A raw keep-alive socket per request in flight: the request head written as one string with the body, the answer
 * read by a minimal parser (status line, headers to the blank line, Content-Length body). Not a full HTTP client:
 * how low the client's share can go.
 */
const rawSocket: Poster = (url) => {
  const u = new URL(url);
  const free: net.Socket[] = [];
  const all: net.Socket[] = [];
  const head = `POST ${u.pathname} HTTP/1.1\r\nhost: ${u.host}\r\ncontent-type: application/json\r\nuser-agent: sms-gateway-webhooks/1\r\nauthorization: ${authorization}\r\nconnection: keep-alive\r\n`;
  const connect = () =>
    new Promise<net.Socket>((resolve, reject) => {
      const s = net.connect({ host: u.hostname, port: Number(u.port) }, () => resolve(s));
      s.setNoDelay(true);
      s.on('error', reject);
      all.push(s);
    });
  return {
    post: async () => {
      const e = event();
      const s = free.pop() ?? (await connect());
      await new Promise<void>((resolve) => {
        let buf = '';
        const onData = (c: Buffer) => {
          buf += c.toString('latin1');
          const end = buf.indexOf('\r\n\r\n');
          if (end < 0) return;
          const m = /\r\ncontent-length: *(\d+)/i.exec(buf.slice(0, end));
          const len = m ? Number(m[1]) : 0;
          if (buf.length - end - 4 < len) return;
          s.off('data', onData);
          free.push(s);
          resolve();
        };
        s.on('data', onData);
        s.write(`${head}webhook-id: ${e.id}\r\nwebhook-timestamp: ${e.ts}\r\nwebhook-signature: ${e.sig}\r\ncontent-length: ${Buffer.byteLength(e.body)}\r\n\r\n${e.body}`);
      });
    },
    close: () => all.forEach((s) => s.destroy()),
  };
};

/** The service's sendWebhook (send-webhook.ts) as a delivery run calls it: payload object, Basic auth, one secret. */
const APP_SECRET = 'x'.repeat(40);
const passwordEnc = encryptSecret(APP_SECRET, 'bench-hook-password');
const serviceSend: Poster = (url) => {
  const authCache = new Map<string, string>();
  const env = { APP_SECRET, SMS_ENV: 'test' as const, WEBHOOK_TIMEOUT_MS: 20000 };
  const secrets = ['whsec_' + secret.toString('base64')];
  return {
    post: async () => {
      const id = randomUUID();
      const at = new Date();
      const payload = { data: { recipient_phone: '+243820005000', carrier: 'sim-vodacom', delivered_at: at.toISOString(), segments: 1, dispatch_at: null }, event_id: id, event_type: 'sms.delivered', timestamp: at.toISOString(), message_id: 'msg_bench' };
      const r = await sendWebhook({ url, payload, credentials: { username: 'bench', passwordEnc }, signing: { webhookId: id, secrets, at } }, env, { authCache });
      if (r.statusCode !== 204) throw new Error(`answered ${r.statusCode} ${r.error}`);
    },
    close: () => {},
  };
};

/** undici (issue 16): Pool.request (the request() API, a body stream) per POST over keep-alive connections, the same headers and body, body drained. */
const undiciPool = (mk: (origin: string) => Client | Pool): Poster => (url) => {
  const u = new URL(url);
  const d = mk(u.origin);
  return {
    post: async () => {
      const e = event();
      const headers = { 'content-type': 'application/json', 'user-agent': 'sms-gateway-webhooks/1', authorization, 'webhook-id': e.id, 'webhook-timestamp': e.ts, 'webhook-signature': e.sig, 'content-length': String(Buffer.byteLength(e.body)) };
      const res = await d.request({ method: 'POST', path: u.pathname + u.search, headers, body: e.body });
      for await (const _ of res.body) void _;
    },
    close: () => void d.destroy(),
  };
};
/** As bench/lib/webhooks.ts rawWebhookLoop posts: Pool of perOrgCap connections, no explicit content-length, body dumped. */
const rawLoop: Poster = (url) => {
  const u = new URL(url);
  const pool = new Pool(u.origin, { connections: 8 });
  return {
    post: async () => {
      const e = event();
      const headers = { 'content-type': 'application/json', 'user-agent': 'sms-gateway-webhooks/1', authorization, 'webhook-id': e.id, 'webhook-timestamp': e.ts, 'webhook-signature': e.sig };
      const res = await pool.request({ path: u.pathname + u.search, method: 'POST', headers, body: e.body });
      await res.body.dump();
    },
    close: () => void pool.destroy(),
  };
};
const undiciP = undiciPool((o) => new Pool(o, { connections: 64, pipelining: 1 }));
const undiciC = undiciPool((o) => new Client(o, { pipelining: 1 }));

/** Only the signature and body (no HTTP): the client's share that is not HTTP. */
const signOnly: Poster = () => ({ post: async () => void event(), close: () => {} });

const VARIANTS: Record<string, Poster> = { serviceSend, rawLoop, current, service, rawSocket, signOnly, undiciP, undiciC };

async function main() {
  const args = process.argv.slice(2);
  const n = Number(args[0] ?? 20000);
  const specs = args.slice(1).length ? args.slice(1) : ['current:8', 'current:16', 'current:32', 'service:8', 'serviceSend:8', 'rawSocket:8', 'rawSocket:32', 'signOnly:8'];
  const receiver = await startReceiverChild();
  const url = `${receiver.url}/hook`;
  for (const spec of specs) {
    const [name, inflight] = spec.split(':');
    const make = VARIANTS[name];
    const p = make(url);
    // warm-up
    await Promise.all(Array.from({ length: Number(inflight) }, async () => { for (let k = 0; k < 200; k++) await p.post(); }));
    await receiver.reset();
    const c0 = process.cpuUsage();
    const r0 = procCpuMs(receiver.pid);
    const cs0 = ctxt(receiver.pid);
    const t0 = performance.now();
    let i = 0;
    await Promise.all(Array.from({ length: Number(inflight) }, async () => { while (i++ < n) await p.post(); }));
    const secs = (performance.now() - t0) / 1000;
    const c = process.cpuUsage(c0);
    const r = procCpuMs(receiver.pid) - r0;
    const cs = ctxt(receiver.pid) - cs0;
    const st = await receiver.stats();
    p.close();
    const clientMs = (c.user + c.system) / 1000;
    console.log(`${spec.padEnd(16)} ${(n / secs).toFixed(0).padStart(6)}/s  client ${(clientMs / n * 1000).toFixed(1)} us/post (${(clientMs / secs / 10).toFixed(0)}% core, user ${(c.user / 1000 / n * 1000).toFixed(1)} sys ${(c.system / 1000 / n * 1000).toFixed(1)})  receiver ${(r / n * 1000).toFixed(1)} us/post (${(r / secs / 10).toFixed(0)}% core)  received ${st.count}; receiver switches/post ${(cs / n).toFixed(2)}; service pool connected ${agentFor(new URL(url), null).stats.connected}`);
  }
  receiver.stop();
}
void main();
