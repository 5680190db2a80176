import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { transform } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstSigningSecret } from '@/server/domain/keys/rotate-signing-secret';
import { deliverDueWebhooks } from '@/server/domain/webhooks/deliver-due';
import { generateSdkTypes, SDK_TYPES_PATH } from '../../scripts/sdk-types';
import { assignNumber } from '../carrier/inbound-helpers';
import { closePools, testEnv } from '../helpers';
import { readyMerchant } from '../messaging/setup';
import { drain } from '../pipeline/drain';
import { pipelineHarness } from '../pipeline/harness';
import { startReceiver, type Receiver } from '../webhooks/receiver';

/**
 * Issue 44 item 1: packages/sdk as a merchant gets it. Its types are the OpenAPI document's (the committed
 * schema.ts must equal what the document generates); it builds, packs, and installs from the tarball alone into a
 * fresh project (offline: nothing else to fetch), where code using it type-checks strictly and then runs against the
 * service: a send, a status poll, every method, errors, 429 retries and a real signed webhook verified.
 */
const run = promisify(execFile);
const root = process.cwd();
const env = testEnv({ CARRIER_SIM_DELAY_MS: '0', CARRIER_SIM_VALIDITY_S: '0' });
const { deps, call, tasks } = pipelineHarness(env);

type Consumer = typeof import('./consumer.fixture');
let consumer: Consumer;
let dir = '';
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  dir = mkdtempSync(join(tmpdir(), 'sdk-consumer-'));
  await run(process.execPath, ['packages/sdk/build.mjs'], { cwd: root });
  const { stdout } = await run('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: join(root, 'packages/sdk') });
  const tarball = join(dir, stdout.trim().split('\n').pop()!);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'merchant-app', private: true, type: 'module' }));
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], { cwd: dir });
  copyFileSync(join(root, 'tests/sdk/consumer.fixture.ts'), join(dir, 'consumer.ts'));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { target: 'ES2022', lib: ['ES2023', 'DOM'], module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, types: [] }, files: ['consumer.ts'] }),
  );
  const code = (await transform(readFileSync(join(dir, 'consumer.ts'), 'utf8'), { loader: 'ts', format: 'esm' })).code;
  writeFileSync(join(dir, 'consumer.mjs'), code);
  consumer = (await import(join(dir, 'consumer.mjs'))) as Consumer;
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  await closePools();
});

describe('packages/sdk', () => {
  it('its committed types are what the OpenAPI document generates (npm run sdk:generate)', async () => {
    expect(await generateSdkTypes()).toBe(readFileSync(SDK_TYPES_PATH, 'utf8'));
  });

  it('installs from its tarball alone: only the package, no dependency, and code using it type-checks strictly', async () => {
    expect(readdirSync(join(dir, 'node_modules')).filter((d) => !d.startsWith('.'))).toEqual(['@sms-gateway']);
    await run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir], { cwd: dir });
  });

  it('sends, polls the status to delivered, and verifies the real signed webhook the service posted', async () => {
    const m = await readyMerchant(deps, { prepaid: '10', webhookUrl: `${receiver.url}/hooks` });
    const baseUrl = await call.origin();
    const { sent, status, phones } = await consumer.sendAndPoll(baseUrl, m.apiKey, () => drain(deps.db, tasks));
    expect(sent).toMatchObject({ total_recipients: 1, status: 'pending', sending_type: 'immediate' });
    expect(status).toMatchObject({ message_id: sent.message_id, status: 'delivered', delivered: 1 });
    expect(phones).toEqual(['+243810005555']);

    await deliverDueWebhooks({ db: deps.db, env, now: () => new Date() });
    const hit = receiver.on('/hooks').find((h) => h.json?.event_type === 'sms.delivered' && h.json.message_id === sent.message_id)!;
    const secret = firstSigningSecret(env.APP_SECRET!, m.appId);
    expect(consumer.verify(secret, hit.headers, hit.body)).toEqual({ type: 'sms.delivered', phone: '+243810005555', segments: 1 });
    expect(consumer.verify(secret, hit.headers, hit.body.replace('delivered', 'Delivered'))).toEqual({ refused: expect.any(String) });
    expect(consumer.verify(firstSigningSecret(env.APP_SECRET!, 'app_other'), hit.headers, hit.body)).toEqual({ refused: expect.any(String) });
  });

  it('covers every method of the API, each resolving to the answer\'s data', async () => {
    const m = await readyMerchant(deps, { prepaid: '10' });
    await assignNumber(deps.db, m, '243990141414');
    const got = await consumer.everyMethod(await call.origin(), m.apiKey, '243990141414');
    expect(got).toMatchObject({
      states: ['paused', 'pending', 'cancelled'],
      optOuts: [1, 1, expect.anything()],
      senderIds: ['pending', 1],
      numbers: ['243990141414'],
      inbound: 0,
    });
    expect(got.messages).toHaveLength(1);
  });

  it('throws SmsApiError with the status, code, message and field errors', async () => {
    const m = await readyMerchant(deps, { prepaid: '10' });
    expect(await consumer.failure(await call.origin(), m.apiKey)).toMatchObject({ status: 400, code: expect.stringMatching(/^11\d\d$/), fields: expect.arrayContaining(['to']) });
  });

  it('on a 429 waits Retry-After and retries when asked to, else throws it', async () => {
    for (const retry of [false, true]) {
      const fake = await tooManyOnce();
      try {
        const started = Date.now();
        const got = await consumer.rateLimited(fake.url, retry);
        if (!retry) expect(got).toEqual({ status: 429, code: '1301', retryAfter: 1 });
        else {
          expect(got).toMatchObject({ balance: 5 });
          expect(Date.now() - started).toBeGreaterThanOrEqual(950);
        }
      } finally {
        await new Promise((r) => fake.server.close(r));
      }
    }
  });
});

/** A server whose GET /balance answers 429 (Retry-After: 1) the first time, 200 afterwards. */
async function tooManyOnce(): Promise<{ url: string; server: Server }> {
  let n = 0;
  const server = createServer((_req, res) => {
    res.setHeader('Content-Type', 'application/json');
    if (n++ === 0) {
      res.writeHead(429, { 'Retry-After': '1' });
      res.end(JSON.stringify({ success: false, status_code: 429, error_code: '1301', message: 'Too many requests.', detail: 'Too many requests.', retry_after: 1 }));
      return;
    }
    res.end(JSON.stringify({ status_code: 200, data: { balance: 5, sms_wallet_balance: 5, postpaid_wallet_balance: 0, currency: 'USD', unit_price: 0.02, available_sms: 250 } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
