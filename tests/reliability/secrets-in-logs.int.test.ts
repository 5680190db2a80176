import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startReceiver, type Receiver } from '../webhooks/receiver';
import { ensureBuild, sleep, startService, waitFor, type Service } from './service';

/**
 * Issue 6, reliability 6 (security): a full run of the real service (web +
 * worker, LOG_LEVEL=debug) with a merchant made by the real CLI, its webhook
 * password, deliveries that fail and are retried, bad and misplaced keys, and
 * a database outage that makes the service log its errors. Nothing it writes
 * contains the API key, the webhook password, their Basic header or APP_SECRET.
 */
const run = promisify(execFile);
const PASSWORD = 'hook-Pa55word-do-not-log';
const dbName = new URL(process.env.DATABASE_URL!).pathname.slice(1);
const admin = postgres(inject('pgServerUrl'), { max: 1, onnotice: () => {} });
let svc: Service;
let receiver: Receiver;

beforeAll(async () => {
  await ensureBuild();
  receiver = await startReceiver({ '/hook': (_h, nth) => ({ status: nth === 1 ? 500 : 200 }) });
  svc = await startService({ WORKER: 'on', LOG_LEVEL: 'debug', WEBHOOK_RETRY_SCHEDULE: '100ms,100ms,100ms,100ms', CARRIER_SIM_DELAY_MS: '0', CARRIER_SIM_VALIDITY_S: '1' });
}, 300_000);
afterAll(async () => {
  await svc?.stop();
  await receiver?.close();
  await admin.end();
});

async function cli(...args: string[]) {
  const { stdout } = await run('npm', ['run', 'admin', '--silent', '--', ...args, '--json'], { cwd: process.cwd(), env: process.env });
  return JSON.parse(stdout);
}

describe('secrets never reach the logs', () => {
  it('a full run with debug logs, retries and a database outage leaks no key, password or secret', async () => {
    const m = await cli('create-merchant', '--name', 'Secretive', '--prepaid', '100', '--default-price', '0.02',
      '--webhook-url', `${receiver.url}/hook`, '--webhook-username', 'hookuser', '--webhook-password', PASSWORD);
    const key: string = m.api_key;
    const h = { 'app-key': key, 'content-type': 'application/json' };
    const to = ['+243810005555', '+243810001111', '+243810002222', '+243810003333'];

    const sent = await fetch(`${svc.api}/send`, { method: 'POST', headers: { ...h, 'idempotency-key': 'secret-run-1' }, body: JSON.stringify({ to, message: 'Hi' }) });
    expect(sent.status).toBe(201);
    const id = (await sent.json()).data.message_id;
    await fetch(`${svc.api}/balance`, { headers: h });
    await fetch(`${svc.api}/calculate`, { method: 'POST', headers: h, body: JSON.stringify({ mode: 'amount_to_sms', amount: 3 }) });
    await fetch(`${svc.api}/status/${id}`, { headers: h });
    // Keys where they do not belong: wrong key, key in the path, key in a body, key in Authorization.
    await fetch(`${svc.api}/balance`, { headers: { 'app-key': key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A') } });
    await fetch(`${svc.api}/status/${key}`, { headers: h });
    await fetch(`${svc.api}/send`, { method: 'POST', headers: { ...h, authorization: `Bearer ${key}` }, body: JSON.stringify({ to: [key], message: key, callback_url: `https://x.example/${PASSWORD}` }) });

    // Every event delivered, the first attempt of each answered 500 and retried.
    await waitFor(async () => receiver.on('/hook').filter((x) => x.headers.authorization).length >= 2 * 12 && new Set(receiver.hits.map((x) => x.json?.event_id)).size >= 12, 60_000, 200);

    // A database outage while requests (carrying the key) keep coming: the service logs its errors.
    let cutting = true;
    const cutter = (async () => {
      while (cutting) {
        await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${dbName} and pid <> pg_backend_pid()`;
        await sleep(20);
      }
    })();
    for (let i = 0; i < 30; i++) {
      await fetch(`${svc.api}/status/${key}`, { headers: h }).catch(() => null);
      await fetch(`${svc.api}/send`, { method: 'POST', headers: h, body: JSON.stringify({ to: ['+243810005555'], message: PASSWORD }) }).catch(() => null);
    }
    cutting = false;
    await cutter;
    await waitFor(async () => (await fetch(`${svc.api}/health`)).status === 200, 15_000, 100);

    const logs = svc.output();
    expect(logs).toMatch(/"level":"error"/); // the error paths did log
    expect(logs).toMatch(/"msg":"webhook attempt"/); // and so did the debug ones
    const basic = Buffer.from(`hookuser:${PASSWORD}`).toString('base64');
    for (const secret of [key, key.slice('sk_test_'.length), key.slice(8, 28), PASSWORD, basic, process.env.APP_SECRET!]) {
      expect(logs.includes(secret), `log output contains ${secret.slice(0, 6)}…`).toBe(false);
    }
  }, 150_000);
});
