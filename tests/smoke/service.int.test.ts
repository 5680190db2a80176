import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuild, freePort } from '../../scripts/service-process';
import { startReceiver } from '../webhooks/receiver';

/**
 * Black-box: the service as an operator starts it (`npm start` on a build),
 * a merchant provisioned with the real CLI, and plain HTTP. `npm run build`
 * runs first when there is no build yet (CI builds before testing).
 */
const run = promisify(execFile);
const cwd = process.cwd();
// a port the kernel says is free: a fixed range could hold another server's port (MariaDB's 3306 is in 3200-3899)
let base = '';
const env: NodeJS.ProcessEnv = {
  ...process.env,
  SEED_DEMO: 'off',
  WORKER: 'on',
  NODE_ENV: 'production' as const,
  LOG_LEVEL: 'warn',
  // a production build would open the worker's metrics port (9464): tests run several on one host
  WORKER_METRICS_PORT: 'off',
  SMPP_METRICS_PORT: 'off',
  CARRIER_SIM_DELAY_MS: '0',
  CARRIER_SIM_VALIDITY_S: '1',
};
let server: ChildProcess;
let output = '';

beforeAll(async () => {
  await ensureBuild(); // under the lock the reliability tests take too: one build at a time
  const port = await freePort();
  env.PORT = String(port);
  base = `http://127.0.0.1:${port}/api/v1/svc/sms-api`;
  server = spawn('npm', ['start', '--silent'], { cwd, env, detached: true });
  server.stdout?.on('data', (d) => (output += d));
  server.stderr?.on('data', (d) => (output += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/health`)).status === 200) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`service did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}, 240_000);

afterAll(async () => {
  if (server?.pid) {
    process.kill(-server.pid, 'SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
});

async function admin(...args: string[]) {
  const { stdout } = await run('npm', ['run', 'admin', '--silent', '--', ...args, '--json'], { cwd, env });
  return JSON.parse(stdout);
}

describe('npm start + npm run admin + HTTP', () => {
  it('serves a merchant created with the CLI exactly as the contract says', async () => {
    const m = await admin('create-merchant', '--name', 'Smoke', '--prepaid', '10', '--price', 'CD:Vodacom:24381,24382:0.02', '--default-price', '0.02');
    expect(m).toMatchObject({ organization_id: expect.stringMatching(/^org_/), app_id: expect.stringMatching(/^app_/), key_status: 'allowed' });
    const h = { 'app-key': m.api_key, 'content-type': 'application/json' };

    const health = await fetch(`${base}/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', checks: { database: 'ok', worker: 'ok' } });

    const balance = await fetch(`${base}/balance`, { headers: h });
    expect(balance.headers.get('cache-control')).toBe('private, max-age=30');
    expect(await balance.json()).toEqual({
      status_code: 200,
      data: { balance: 10, sms_wallet_balance: 10, postpaid_wallet_balance: 0, currency: 'USD', unit_price: 0.02, available_sms: 500 },
    });

    const calc = await fetch(`${base}/calculate`, { method: 'POST', headers: h, body: JSON.stringify({ mode: 'amount_to_sms', amount: 1 }) });
    expect((await calc.json()).data).toMatchObject({ sms_count: 50, average_price: 0.02 });

    const sent = await fetch(`${base}/send`, { method: 'POST', headers: h, body: JSON.stringify({ to: ['+243812345678', '0822222222'], message: 'Hello' }) });
    expect(sent.status).toBe(201);
    const { data } = await sent.json();
    expect(data).toMatchObject({ total_recipients: 2, total_messages: 2, total_cost: 0.04, status: 'pending' });

    const status = await fetch(`${base}/status/${data.message_id}`, { headers: h });
    expect(status.status).toBe(200);
    expect((await status.json()).data).toMatchObject({ message_id: data.message_id, total_recipients: 2 });

    const noKey = await fetch(`${base}/balance`);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toEqual({ detail: 'Missing app-key header. Please provide a valid app-key.' });

    await admin('set-key-status', '--app-id', m.app_id, '--status', 'suspended');
    const suspended = await fetch(`${base}/balance`, { headers: h });
    expect(suspended.status).toBe(403);
    expect(await suspended.json()).toEqual({ detail: 'Gateway app is suspended. Please contact support.' });
  }, 60_000);

  it('delivers through the real worker and posts exactly the spec events to the merchant webhook', async () => {
    const receiver = await startReceiver();
    try {
      const m = await admin('create-merchant', '--name', 'Hooks', '--prepaid', '100', '--default-price', '0.02',
        '--webhook-url', `${receiver.url}/hook`, '--webhook-username', 'acme', '--webhook-password', 's3cret');
      const h = { 'app-key': m.api_key, 'content-type': 'application/json' };
      const to = ['+243810005555', '+243810001111', '+243810002222', '+243810003333'];
      const { data } = await (await fetch(`${base}/send`, { method: 'POST', headers: h, body: JSON.stringify({ to, message: 'Hi' }) })).json();
      const final = await waitFor(async () => {
        const s = (await (await fetch(`${base}/status/${data.message_id}`, { headers: h })).json()).data;
        return s.pending === 0 && receiver.hits.length >= 12 ? s : null;
      });
      expect(final).toMatchObject({ status: 'partially_delivered', delivered: 1, failed: 3, pending: 0 });
      const types = receiver.hits.map((x) => x.json.event_type).sort();
      expect(types).toEqual([
        'sms.delivered', 'sms.failed', 'sms.failed', 'sms.failed',
        'sms.processing', 'sms.processing', 'sms.processing', 'sms.processing',
        'sms.queued', 'sms.sent', 'sms.sent', 'sms.sent',
      ]);
      const basic = `Basic ${Buffer.from('acme:s3cret').toString('base64')}`;
      expect(receiver.hits.every((x) => x.headers.authorization === basic && x.headers['content-type'] === 'application/json')).toBe(true);
      expect(output).not.toContain('s3cret');
      expect(output).not.toContain(m.api_key);

      // 1000 recipients: all terminal, 1 + 3 x 1000 events at the receiver
      receiver.hits.length = 0;
      const many = Array.from({ length: 1000 }, (_, i) => `+24382${String(1000000 + i)}`);
      const t0 = performance.now();
      const big = (await (await fetch(`${base}/send`, { method: 'POST', headers: h, body: JSON.stringify({ to: many, message: 'Hi' }) })).json()).data;
      await waitFor(async () => {
        const s = (await (await fetch(`${base}/status/${big.message_id}`, { headers: h })).json()).data;
        return s.delivered === 1000 ? s : null;
      });
      const terminalMs = performance.now() - t0;
      await waitFor(async () => (receiver.hits.length >= 3001 ? true : null));
      const eventsMs = performance.now() - t0;
      expect(receiver.hits.length).toBe(3001);
      expect(new Set(receiver.hits.map((x) => x.json.event_id)).size).toBe(3001);
      console.log(`smoke: 1000 recipients terminal in ${terminalMs.toFixed(0)} ms; 3001 webhook events received in ${eventsMs.toFixed(0)} ms`);
    } finally {
      await receiver.close();
    }
  }, 90_000);
});

async function waitFor<T>(probe: () => Promise<T | null>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== null) return v;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 200));
  }
}
