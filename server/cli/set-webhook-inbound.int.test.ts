import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, gatewayApps } from '@/db/schema';
import { closePools, makeMerchant, testDb, testEnv } from '@/tests/helpers';
import { cliHarness } from '@/tests/cli-harness';

/** D18: set-webhook --inbound-url sets where an app's inbound messages go and leaves the webhook as it is. */
const db = testDb();
const env = testEnv();
const liveEnv = testEnv({ SMS_ENV: 'live' });
afterAll(closePools);
const { ok, refused } = cliHarness(db, env, snapshot);

/** The rows set-webhook could write (gateway_apps, audit_log): a refusal leaves them as they were. */
async function snapshot() {
  const [apps, audit] = await Promise.all([db.select().from(gatewayApps).orderBy(asc(gatewayApps.id)), db.select().from(auditLog).orderBy(asc(auditLog.id))]);
  return JSON.stringify({ apps, audit });
}

describe('set-webhook --inbound-url (D18)', () => {
  let appId: string;
  beforeAll(async () => {
    appId = (await makeMerchant(db, env, { name: 'Hooks' })).appId;
    await ok('set-webhook', '--app-id', appId, '--url', 'https://hooks.example.com/sms', '--username', 'u', '--password', 'pw');
  });
  const app = async () => (await db.select().from(gatewayApps).where(eq(gatewayApps.id, appId)))[0];
  const inboundAudits = async () =>
    (await db.select().from(auditLog).where(eq(auditLog.targetId, appId)).orderBy(asc(auditLog.id))).filter((a) => a.action.startsWith('inbound_url.'));

  it('sets inbound_url and leaves the webhook (URL and credentials) as it was', async () => {
    const before = await app();
    expect(await ok('set-webhook', '--app-id', appId, '--inbound-url', 'https://hooks.example.com/inbound')).toEqual({
      app_id: appId,
      webhook_url: 'https://hooks.example.com/sms',
      basic_auth: true,
      inbound_url: 'https://hooks.example.com/inbound',
    });
    const after = await app();
    expect(after).toMatchObject({ inboundUrl: 'https://hooks.example.com/inbound', webhookUrl: before.webhookUrl, webhookUsername: 'u', webhookPasswordEnc: before.webhookPasswordEnc });
    expect((await inboundAudits()).map((a) => [a.actor, a.action, a.details])).toEqual([
      ['cli', 'inbound_url.set', { url: 'https://hooks.example.com/inbound', previous_url: null }],
    ]);
  });

  it('--url and --clear leave inbound_url as it was; both options in one command set both', async () => {
    expect(await ok('set-webhook', '--app-id', appId, '--url', 'https://hooks.example.com/v2')).toMatchObject({ webhook_url: 'https://hooks.example.com/v2', inbound_url: 'https://hooks.example.com/inbound' });
    expect(await ok('set-webhook', '--app-id', appId, '--clear')).toEqual({ app_id: appId, webhook_url: null, basic_auth: false, inbound_url: 'https://hooks.example.com/inbound' });
    expect(await ok('set-webhook', '--app-id', appId, '--url', 'https://a.example/h', '--inbound-url', 'http://127.0.0.1:9/in')).toEqual({
      app_id: appId, webhook_url: 'https://a.example/h', basic_auth: false, inbound_url: 'http://127.0.0.1:9/in',
    });
  });

  it("--inbound-url '' removes it (audited inbound_url.clear), and the webhook stays", async () => {
    expect(await ok('set-webhook', '--app-id', appId, '--inbound-url', '')).toEqual({ app_id: appId, webhook_url: 'https://a.example/h', basic_auth: false, inbound_url: null });
    expect((await app()).inboundUrl).toBeNull();
    expect((await inboundAudits()).map((a) => [a.action, a.details])).toEqual([
      ['inbound_url.set', { url: 'https://hooks.example.com/inbound', previous_url: null }],
      ['inbound_url.set', { url: 'http://127.0.0.1:9/in', previous_url: 'https://hooks.example.com/inbound' }],
      ['inbound_url.clear', { url: null, previous_url: 'http://127.0.0.1:9/in' }],
    ]);
  });

  it('--rotate-secret prints inbound_url too', async () => {
    const r = await ok('set-webhook', '--app-id', appId, '--rotate-secret', '--inbound-url', 'https://in.example/x');
    expect(Object.keys(r)).toEqual(['app_id', 'webhook_url', 'basic_auth', 'inbound_url', 'signing_secret', 'previous_valid_until']);
    expect(r.inbound_url).toBe('https://in.example/x');
  });

  it.each([
    ['http in the live environment', ['--inbound-url', 'http://hooks.example.com/in'], liveEnv, 'https only'],
    ['not a URL', ['--inbound-url', 'hooks.example.com/in'], env, '--inbound-url: Enter an absolute URL'],
    ['a javascript: URL', ['--inbound-url', 'javascript:alert(1)'], env, '--inbound-url: The URL must start with https://'],
    ['credentials in the URL', ['--inbound-url', 'https://u:p@hooks.example.com/in'], env, '--inbound-url: Put the credentials'],
    ['over 2048 characters', ['--inbound-url', `https://hooks.example.com/${'a'.repeat(2030)}`], env, '--inbound-url: Use at most 2048 characters.'],
    ['an unknown app', ['--inbound-url', 'https://hooks.example.com/in', '--app-id', 'app_nope'], env, 'App not found.'],
  ])('refuses %s', async (_, args, e, message) => {
    const argv = args.includes('--app-id') ? ['set-webhook', ...args] : ['set-webhook', '--app-id', appId, ...args];
    expect(await refused(argv, e)).toContain(message);
  });
});
