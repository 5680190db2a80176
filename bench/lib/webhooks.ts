import { fork, type ChildProcess } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type postgres from 'postgres';
import { Pool } from 'undici';
import { webhookSigningSecret } from '@/server/lib/crypto';

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
  const { port, ports } = await new Promise<{ port: number; ports: number[] }>((resolve, reject) => {
    child.once('message', (m: any) => (m?.type === 'ready' ? resolve(m) : reject(new Error('receiver did not start'))));
    child.once('exit', () => reject(new Error('receiver exited')));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    /** Ten more receivers (one per merchant of the fairness row). */
    urls: ports.map((p) => `http://127.0.0.1:${p}`),
    /** Arrival times (ms) of what each of those ten receivers got. */
    arrivals: async () => (await ask<{ arrivals: number[][] }>('fair')).arrivals,
    hold: () => ask('hold'),
    release: () => ask('release'),
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
 * The webhook floor (issue 16): the same database reads and writes as the scheduler plus the same signed POSTs,
 * hand-written. In batches of `batch`: lease the organization's due deliveries (one UPDATE ... RETURNING with the
 * event payload and the app's signing key), POST each with the Standard Webhooks signature (D16) and Basic auth,
 * `concurrency` in flight over keep-alive connections of the service's HTTP client (an undici Pool), then record the
 * attempts and move the deliveries (one statement). The next batch is leased while the current one is posted, and a
 * batch's record is written while the next one is posted. Events per second, first lease to last write.
 */
export async function rawWebhookLoop(
  sql: postgres.Sql,
  o: { organizationId: string; appSecret: string; authorization: string; concurrency: number; batch: number },
): Promise<{ rate: number; delivered: number; ms: { lease: number; post: number; record: number } }> {
  const pools = new Map<string, { pool: Pool; path: string }>();
  const secrets = new Map<string, Buffer>();
  const lease = () => sql<Array<{ id: string; pm: string; event_id: string; url: string; attempts: number; payload: Record<string, unknown>; app_id: string; v: number }>>`
    with chosen as (
      select id, partition_month from webhook_deliveries
       where organization_id = ${o.organizationId} and state = 'pending' and next_attempt_at <= now()
         and (locked_until is null or locked_until < now())
       order by next_attempt_at, id limit ${o.batch} for update skip locked)
    update webhook_deliveries d set locked_until = now() + interval '1 minute', updated_at = now()
      from chosen, webhook_events e, gateway_apps a
     where d.id = chosen.id and d.partition_month = chosen.partition_month and e.id = d.event_id and e.partition_month = d.partition_month
       and a.id = d.app_id
    returning d.id, d.partition_month::text as pm, d.event_id, d.url, d.attempts, e.payload, a.id as app_id, a.webhook_secret_version as v`;
  const post = async (url: string, body: string, headers: Record<string, string>) => {
    let to = pools.get(url);
    if (!to) {
      const u = new URL(url);
      pools.set(url, (to = { pool: new Pool(u.origin, { connections: o.concurrency }), path: u.pathname + u.search }));
    }
    const t0 = performance.now();
    const res = await to.pool.request({ path: to.path, method: 'POST', headers, body });
    await res.body.dump();
    return { status: res.statusCode, ms: Math.round(performance.now() - t0) };
  };
  let delivered = 0;
  const ms = { lease: 0, post: 0, record: 0 };
  const t0 = performance.now();
  let recording: Promise<void> = Promise.resolve();
  let next = lease();
  for (;;) {
    let t = performance.now();
    const rows = await next;
    ms.lease += performance.now() - t;
    if (rows.length === 0) break;
    next = lease();
    t = performance.now();
    const results: Array<{ id: string; pm: string; n: number; c: number; ms: number; at: string }> = [];
    let i = 0;
    await Promise.all(
      Array.from({ length: o.concurrency }, async () => {
        while (i < rows.length) {
          const d = rows[i++];
          const key = `${d.app_id}:${d.v}`;
          let secret = secrets.get(key);
          if (!secret) secrets.set(key, (secret = Buffer.from(webhookSigningSecret(o.appSecret, d.app_id, d.v).slice('whsec_'.length), 'base64')));
          const p = d.payload;
          const body = JSON.stringify({ event_id: p.event_id, event_type: p.event_type, timestamp: p.timestamp, message_id: p.message_id, data: p.data });
          const at = new Date();
          const ts = String(Math.floor(at.getTime() / 1000));
          const signature = `v1,${createHmac('sha256', secret).update(`${d.event_id}.${ts}.${body}`).digest('base64')}`;
          const r = await post(d.url, body, {
            'content-type': 'application/json',
            'user-agent': 'sms-gateway-webhooks/1',
            authorization: o.authorization,
            'webhook-id': d.event_id,
            'webhook-timestamp': ts,
            'webhook-signature': signature,
          });
          results.push({ id: d.id, pm: d.pm, n: d.attempts + 1, c: r.status, ms: r.ms, at: at.toISOString() });
        }
      }),
    );
    ms.post += performance.now() - t;
    const record = async () => {
      const t1 = performance.now();
      await sql`
        with r as (select * from json_to_recordset(${JSON.stringify(results)}::text::json) as r(id text, pm timestamptz, n int, c int, ms int, at timestamptz)),
        moved as (
          update webhook_deliveries d set attempts = r.n, state = 'succeeded', last_status_code = r.c, last_error = null,
                 next_attempt_at = null, locked_until = null, updated_at = now()
            from r where d.id = r.id and d.partition_month = r.pm and d.state = 'pending'
          returning d.id)
        insert into webhook_attempts (delivery_id, attempted_at, status_code, latency_ms, error, response_body)
        select r.id, r.at, r.c, r.ms, null, '' from r`;
      ms.record += performance.now() - t1;
    };
    recording = recording.then(record);
    delivered += rows.length;
  }
  await recording;
  const rate = delivered / ((performance.now() - t0) / 1000);
  await Promise.all([...pools.values()].map((p) => p.pool.destroy()));
  return { rate, delivered, ms };
}

/**
 * (info) The HTTP side of the raw loop alone: `n` POSTs of events of the same shape, signed the same way (D16) with
 * Basic auth, `concurrency` in flight over the same kind of keep-alive pool (undici), no database. What one Node process
 * reaches against the bench's receiver on this machine: the ceiling of any loop that also does the DB work.
 */
export async function bareWebhookLoop(url: string, o: { authorization: string; concurrency: number; n: number }): Promise<number> {
  const u = new URL(url);
  const pool = new Pool(u.origin, { connections: o.concurrency });
  const secret = Buffer.alloc(32, 7);
  let i = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: o.concurrency }, async () => {
      while (i < o.n) {
        i++;
        const id = randomUUID();
        const at = new Date();
        const body = JSON.stringify({ event_id: id, event_type: 'sms.delivered', timestamp: at.toISOString(), message_id: 'msg_bench', data: { recipient_phone: '+243820005000', carrier: 'sim-vodacom', delivered_at: at.toISOString(), segments: 1, dispatch_at: null } });
        const ts = String(Math.floor(at.getTime() / 1000));
        const headers = {
          'content-type': 'application/json',
          'user-agent': 'sms-gateway-webhooks/1',
          authorization: o.authorization,
          'webhook-id': id,
          'webhook-timestamp': ts,
          'webhook-signature': `v1,${createHmac('sha256', secret).update(`${id}.${ts}.${body}`).digest('base64')}`,
        };
        const res = await pool.request({ path: u.pathname + u.search, method: 'POST', headers, body });
        await res.body.dump();
      }
    }),
  );
  const rate = o.n / ((performance.now() - t0) / 1000);
  await pool.destroy();
  return rate;
}
