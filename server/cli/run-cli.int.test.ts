import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { auditLog, gatewayApps, organizations, pricingRows, users, walletLedger, wallets } from '@/db/schema';
import { verifyCredentials } from '@/server/domain/users/accounts';
import { authorizeRequest } from '@/server/domain/keys/authenticate';
import type { Env } from '@/server/env';
import { decryptSecret } from '@/server/lib/crypto';
import { money } from '@/server/lib/money';
import { closePools, testDb, testEnv } from '@/tests/helpers';
import { cliHarness } from '@/tests/cli-harness';

const db = testDb();
const env = testEnv();
const liveEnv = testEnv({ SMS_ENV: 'live' });
afterAll(closePools);
const { cli, ok } = cliHarness(db, env);



/** Every row a command could write or change, to prove that a refused command wrote nothing. */
async function snapshot() {
  const [orgs, apps, wals, ledger, prices, audit, people] = await Promise.all([
    db.select().from(organizations).orderBy(asc(organizations.id)),
    db.select().from(gatewayApps).orderBy(asc(gatewayApps.id)),
    db.select().from(wallets).orderBy(asc(wallets.id)),
    db.select().from(walletLedger).orderBy(asc(walletLedger.id)),
    db.select().from(pricingRows).orderBy(asc(pricingRows.id)),
    db.select().from(auditLog).orderBy(asc(auditLog.id)),
    db.select().from(users).orderBy(asc(users.id)),
  ]);
  return JSON.stringify({ orgs, apps, wals, ledger, prices, audit, people });
}

const auth = (key: string, e: Env = env) => authorizeRequest(db, key, { secret: e.APP_SECRET, environment: e.SMS_ENV, now: new Date() }).then((r) => r.app);
const auditFor = (targetId: string) => db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(asc(auditLog.id));

async function walletsOf(organizationId: string) {
  const rows = await db.select().from(wallets).where(eq(wallets.organizationId, organizationId));
  const out: Record<string, { balance: string; currency: string; ledgerSum: string; ledgerRows: number }> = {};
  for (const w of rows) {
    const ledger = await db.select().from(walletLedger).where(eq(walletLedger.walletId, w.id));
    const sum = ledger.reduce((s, l) => s.plus(l.amount), money(0));
    out[w.type] = { balance: w.balance, currency: w.currency, ledgerSum: sum.toFixed(4), ledgerRows: ledger.length };
  }
  return out;
}

let m: { organization_id: string; app_id: string; api_key: string; key_status: string; signing_secret: string };
beforeAll(async () => {
  m = await ok('create-merchant', '--name', 'Fixture', '--prepaid', '5', '--price', 'CD:Vodacom:24381:0.02');
});

describe('create-merchant', () => {
  it('with defaults: no wallet, no price, sandbox key allowed, audited', async () => {
    const r = await ok('create-merchant', '--name', 'Acme');
    expect(Object.keys(r)).toEqual(['organization_id', 'app_id', 'api_key', 'key_status', 'signing_secret']);
    expect(r).toMatchObject({ organization_id: expect.stringMatching(/^org_/), app_id: expect.stringMatching(/^app_/), key_status: 'allowed' });
    expect(r.api_key).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    const [org] = await db.select().from(organizations).where(eq(organizations.id, r.organization_id));
    expect(org).toMatchObject({ name: 'Acme', currency: 'USD', timezone: 'Africa/Kinshasa', defaultCountry: 'CD', defaultPrice: null });
    expect(await walletsOf(r.organization_id)).toEqual({});
    expect(await db.select().from(pricingRows).where(eq(pricingRows.organizationId, r.organization_id))).toEqual([]);
    expect((await auth(r.api_key)).appId).toBe(r.app_id);
    const audit = await auditFor(r.organization_id);
    expect(audit.map((a) => [a.actor, a.action])).toEqual([['cli', 'merchant.create']]);
  });

  it('with every option: wallets equal their ledger, prices, encrypted webhook password, no secret echoed', async () => {
    const r = await cli([
      'create-merchant', '--name', 'Full', '--prepaid', '12.5', '--postpaid', '0', '--currency', 'EUR',
      '--timezone', 'Europe/Paris', '--default-country', 'FR', '--default-price', '0.03',
      '--price', 'CD:Vodacom:24381,+24382:0.02', '--price', 'CD:Orange:24384:0.019',
      '--webhook-url', 'https://hooks.example.com/sms', '--webhook-username', 'hook', '--webhook-password', 'pw-s3cret',
      '--key-status', 'suspended', '--json',
    ]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out);
    expect(out.key_status).toBe('suspended');
    expect(r.out).not.toContain('pw-s3cret');
    const [org] = await db.select().from(organizations).where(eq(organizations.id, out.organization_id));
    expect(org).toMatchObject({ currency: 'EUR', timezone: 'Europe/Paris', defaultCountry: 'FR', defaultPrice: '0.0300' });
    expect(await walletsOf(out.organization_id)).toEqual({
      SVC_SMS: { balance: '12.5000', currency: 'EUR', ledgerSum: '12.5000', ledgerRows: 1 },
      SVC_POST_PAID: { balance: '0.0000', currency: 'EUR', ledgerSum: '0.0000', ledgerRows: 0 },
    });
    const prices = await db.select().from(pricingRows).where(eq(pricingRows.organizationId, out.organization_id));
    expect(prices.map((p) => [p.network, p.prefixes, p.price]).sort()).toEqual([['Orange', ['24384'], '0.0190'], ['Vodacom', ['24381', '24382'], '0.0200']]);
    const [app] = await db.select().from(gatewayApps).where(eq(gatewayApps.id, out.app_id));
    expect(app).toMatchObject({ status: 'suspended', webhookUrl: 'https://hooks.example.com/sms', webhookUsername: 'hook' });
    expect(decryptSecret(env.APP_SECRET, app.webhookPasswordEnc!)).toBe('pw-s3cret');
    expect(JSON.stringify(await auditFor(out.organization_id))).not.toContain('pw-s3cret');
  });

  it('live environment: sk_live_ key, pending_validation', async () => {
    const r = await cli(['create-merchant', '--name', 'Live', '--webhook-url', 'https://hooks.example.com/x', '--json'], liveEnv);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ api_key: expect.stringMatching(/^sk_live_/), key_status: 'pending_validation' });
    const [app] = await db.select().from(gatewayApps).where(eq(gatewayApps.id, JSON.parse(r.out).app_id));
    expect(app.environment).toBe('live');
  });

  it('without --json prints readable lines', async () => {
    const r = await cli(['create-merchant', '--name', 'Text']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^organization_id +org_\S+\napp_id +app_\S+\napi_key +sk_test_\S+\nkey_status +allowed\nsigning_secret +whsec_\S+\n\n.*shown only this once/);
  });
});

describe('commands on an existing merchant', () => {
  it('set-key-status changes the status, audited, and authentication follows', async () => {
    expect(await ok('set-key-status', '--app-id', m.app_id, '--status', 'suspended')).toEqual({ app_id: m.app_id, key_status: 'suspended' });
    await expect(auth(m.api_key)).rejects.toMatchObject({ errorName: 'KEY_SUSPENDED' });
    expect(await ok('set-key-status', '--app-id', m.app_id, '--status', 'allowed')).toEqual({ app_id: m.app_id, key_status: 'allowed' });
    expect((await auth(m.api_key)).appId).toBe(m.app_id);
    const audit = (await auditFor(m.app_id)).filter((a) => a.action === 'key.set_status');
    expect(audit.map((a) => a.details)).toEqual([{ from: 'allowed', to: 'suspended' }, { from: 'suspended', to: 'allowed' }]);
  });

  it('rotate-key: the new key works, the old one no longer matches, the key is not audited', async () => {
    const r = await ok('rotate-key', '--app-id', m.app_id);
    expect(Object.keys(r)).toEqual(['app_id', 'api_key']);
    expect(r.app_id).toBe(m.app_id);
    expect(r.api_key).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    expect((await auth(r.api_key)).appId).toBe(m.app_id);
    await expect(auth(m.api_key)).rejects.toMatchObject({ errorName: 'AUTH_INVALID_KEY' });
    const audit = (await auditFor(m.app_id)).filter((a) => a.action === 'key.rotate');
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(r.api_key);
    m.api_key = r.api_key;
  });

  it('top-up credits the wallet, opens a missing one in the organization currency; balance = ledger', async () => {
    expect(await ok('top-up', '--organization-id', m.organization_id, '--wallet', 'prepaid', '--amount', '2.5')).toEqual({
      organization_id: m.organization_id, wallet: 'prepaid', wallet_type: 'SVC_SMS', amount: 2.5, balance: 7.5,
    });
    const eur = await ok('create-merchant', '--name', 'Euro', '--currency', 'EUR');
    expect(await ok('top-up', '--organization-id', eur.organization_id, '--wallet', 'postpaid', '--amount', '3.1234')).toEqual({
      organization_id: eur.organization_id, wallet: 'postpaid', wallet_type: 'SVC_POST_PAID', amount: 3.1234, balance: 3.1234,
    });
    expect(await walletsOf(m.organization_id)).toEqual({ SVC_SMS: { balance: '7.5000', currency: 'USD', ledgerSum: '7.5000', ledgerRows: 2 } });
    expect(await walletsOf(eur.organization_id)).toEqual({ SVC_POST_PAID: { balance: '3.1234', currency: 'EUR', ledgerSum: '3.1234', ledgerRows: 1 } });
    const audit = await db.select().from(auditLog).where(eq(auditLog.organizationId, eur.organization_id));
    expect(audit.find((a) => a.action === 'wallet.top_up')?.details).toMatchObject({ wallet_type: 'SVC_POST_PAID', amount: '3.1234' });
  });

  it('set-webhook sets URL and Basic credentials, replaces them, and --clear removes them', async () => {
    const r = await cli(['set-webhook', '--app-id', m.app_id, '--url', 'http://127.0.0.1:9/hook', '--username', 'u', '--password', 'hunter2', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ app_id: m.app_id, webhook_url: 'http://127.0.0.1:9/hook', basic_auth: true, inbound_url: null });
    const [app] = await db.select().from(gatewayApps).where(eq(gatewayApps.id, m.app_id));
    expect(decryptSecret(env.APP_SECRET, app.webhookPasswordEnc!)).toBe('hunter2');
    expect(await ok('set-webhook', '--app-id', m.app_id, '--url', 'https://example.com/h')).toEqual({ app_id: m.app_id, webhook_url: 'https://example.com/h', basic_auth: false, inbound_url: null });
    const [plain] = await db.select().from(gatewayApps).where(eq(gatewayApps.id, m.app_id));
    expect(plain).toMatchObject({ webhookUsername: null, webhookPasswordEnc: null });
    expect(await ok('set-webhook', '--app-id', m.app_id, '--clear')).toEqual({ app_id: m.app_id, webhook_url: null, basic_auth: false, inbound_url: null });
    const audit = (await auditFor(m.app_id)).filter((a) => a.action.startsWith('webhook.'));
    expect(audit.map((a) => a.action)).toEqual(['webhook.set', 'webhook.set', 'webhook.clear']);
    expect(JSON.stringify(audit)).not.toContain('hunter2');
  });

  it('set-webhook --rotate-secret prints the new signing secret once; alone it keeps the webhook as it is', async () => {
    const before = m.signing_secret as string;
    await ok('set-webhook', '--app-id', m.app_id, '--url', 'https://example.com/rot');
    const r = await ok('set-webhook', '--app-id', m.app_id, '--rotate-secret');
    expect(Object.keys(r)).toEqual(['app_id', 'webhook_url', 'basic_auth', 'inbound_url', 'signing_secret', 'previous_valid_until']);
    expect(r).toMatchObject({ app_id: m.app_id, webhook_url: 'https://example.com/rot', basic_auth: false });
    expect(r.signing_secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(r.signing_secret).not.toBe(before);
    expect(Math.abs(new Date(r.previous_valid_until).getTime() - Date.now() - 24 * 3600_000)).toBeLessThan(60_000);
    // With --url it sets the webhook and rotates in one transaction.
    const both = await ok('set-webhook', '--app-id', m.app_id, '--url', 'https://example.com/rot2', '--rotate-secret');
    expect(both).toMatchObject({ webhook_url: 'https://example.com/rot2' });
    expect([before, r.signing_secret]).not.toContain(both.signing_secret);
    const audit = (await auditFor(m.app_id)).filter((a) => a.action === 'webhook.rotate_secret');
    expect(audit).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toContain('whsec_');
    const unknown = await cli(['set-webhook', '--app-id', 'app_nope', '--rotate-secret', '--json']);
    expect(unknown.code).not.toBe(0);
  });

  it('set-prices replaces every row', async () => {
    const r = await ok('set-prices', '--organization-id', m.organization_id, '--price', 'CD:Airtel:24397,24398:0.018', '--price', 'CD:Orange:24384:0.019', '--price', 'CD:Africell:24390:0.017');
    expect(r).toEqual({ organization_id: m.organization_id, prices: 3 });
    const rows = await db.select().from(pricingRows).where(eq(pricingRows.organizationId, m.organization_id));
    expect(rows.map((p) => p.network).sort()).toEqual(['Africell', 'Airtel', 'Orange']);
    expect((await auditFor(m.organization_id)).filter((a) => a.action === 'pricing.set')).toHaveLength(1);
  });

  it('set-rate-limits merges overrides', async () => {
    expect(await ok('set-rate-limits', '--app-id', m.app_id, '--send', '10')).toEqual({ app_id: m.app_id, rate_limits: { send: 10 }, smpp_tps: 50 });
    expect(await ok('set-rate-limits', '--app-id', m.app_id, '--status', '5', '--control', '1000000')).toEqual({
      app_id: m.app_id, rate_limits: { send: 10, status: 5, control: 1000000 }, smpp_tps: 50,
    });
    expect((await auth(m.api_key)).rateLimits).toEqual({ send: 10, status: 5, control: 1000000 });
    // D15: the SMPP throughput alone, or with buckets
    expect(await ok('set-rate-limits', '--app-id', m.app_id, '--smpp-tps', '100')).toEqual({
      app_id: m.app_id, rate_limits: { send: 10, status: 5, control: 1000000 }, smpp_tps: 100,
    });
    expect((await auditFor(m.app_id)).filter((a) => a.action === 'rate_limits.set')).toHaveLength(3);
  });

  it('enable-smpp prints {app_id, system_id, password} once; again rotates the password and keeps the system_id', async () => {
    const first = await ok('enable-smpp', '--app-id', m.app_id);
    expect(Object.keys(first)).toEqual(['app_id', 'system_id', 'password']);
    expect(first.app_id).toBe(m.app_id);
    expect(first.system_id.length).toBeLessThanOrEqual(15);
    expect(first.password).toHaveLength(8);
    const again = await ok('enable-smpp', '--app-id', m.app_id);
    expect([again.system_id === first.system_id, again.password === first.password]).toEqual([true, false]);
    const audit = (await auditFor(m.app_id)).filter((a) => a.action.startsWith('smpp.'));
    expect(audit.map((a) => a.action)).toEqual(['smpp.enabled', 'smpp.password_rotated']);
    expect(JSON.stringify(audit)).not.toContain(first.password);
  });
});

describe('create-operator', () => {
  it('creates an operator account that signs in; the password is never printed or audited', async () => {
    const r = await cli(['create-operator', '--email', ' Ops@Example.com ', '--name', 'Ops Person', '--password', 'operator-pw-123', '--json']);
    expect(r).toMatchObject({ code: 0, err: '' });
    const out = JSON.parse(r.out);
    expect(Object.keys(out)).toEqual(['user_id', 'email', 'created', 'is_operator']);
    expect(out).toEqual({ user_id: expect.stringMatching(/^usr_/), email: 'ops@example.com', created: true, is_operator: true });
    expect(await verifyCredentials(db, 'ops@example.com', 'operator-pw-123')).toEqual({ id: out.user_id, email: 'ops@example.com', name: 'Ops Person', isOperator: true, mustChangePassword: false, sessionVersion: 0 });
    const audit = await auditFor(out.user_id);
    expect(audit.map((a) => [a.actor, a.action, a.targetType])).toEqual([['cli', 'operator.create', 'user']]);
    expect(r.out + JSON.stringify(audit)).not.toContain('operator-pw-123');
  });

  it('flags an existing account as operator and leaves its password alone', async () => {
    await cli(['create-operator', '--email', 'merchant-person@example.com', '--name', 'M', '--password', 'first-password-1', '--json']);
    await db.update(users).set({ isOperator: false }).where(eq(users.email, 'merchant-person@example.com'));
    const r = await ok('create-operator', '--email', 'MERCHANT-person@example.com', '--name', 'Other Name', '--password', 'second-password-2');
    expect(r).toMatchObject({ created: false, is_operator: true, email: 'merchant-person@example.com' });
    expect(await verifyCredentials(db, 'merchant-person@example.com', 'first-password-1')).toMatchObject({ isOperator: true, name: 'M' });
    expect(await verifyCredentials(db, 'merchant-person@example.com', 'second-password-2')).toBeNull();
    expect((await auditFor(r.user_id)).map((a) => a.action)).toEqual(['operator.create', 'operator.grant']);
    const text = await cli(['create-operator', '--email', 'merchant-person@example.com', '--name', 'M', '--password', 'whatever-long-1']);
    expect(text.out).toMatch(/^user_id +usr_\S+\nemail +merchant-person@example.com\ncreated +false\nis_operator +true\n\n.*password is unchanged/);
  });
});

describe('help', () => {
  it.each([{ argv: ['help'] }, { argv: ['--help'] }, { argv: ['help', 'top-up'] }, { argv: ['top-up', '--help'] }])('$argv -> usage, exit 0', async ({ argv }) => {
    const r = await cli(argv);
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(r.out).toContain('top-up');
  });

  it('lists every command', async () => {
    const r = await cli(['help']);
    for (const c of ['create-merchant', 'set-key-status', 'rotate-key', 'top-up', 'set-webhook', 'set-prices', 'set-rate-limits', 'create-operator', 'assign-number', 'release-number', 'list-numbers']) expect(r.out).toContain(`  ${c} `);
  });
});

describe('bad arguments: one error line, exit 2, nothing written', () => {
  const CM = ['create-merchant', '--name', 'X'];
  const cases: Array<[string, string[], Env?]> = [
    ['no command', []],
    ['unknown command', ['frobnicate']],
    ['unknown option', [...CM, '--bogus']],
    ['positional argument', [...CM, 'extra']],
    ['option without value', ['create-merchant', '--name']],
    ['missing --name', ['create-merchant', '--prepaid', '5']],
    ['blank --name', ['create-merchant', '--name', '  ']],
    ['amount with 5 places', [...CM, '--prepaid', '1.23456']],
    ['negative amount', [...CM, '--prepaid=-1']],
    ['exponent amount', [...CM, '--postpaid', '1e3']],
    ['amount too large', [...CM, '--prepaid', '100000000000000']],
    ['bad currency', [...CM, '--currency', 'XYZ']],
    ['bad timezone', [...CM, '--timezone', 'Mars/Olympus']],
    ['offset timezone', [...CM, '--timezone', '+01:00']],
    ['bad country', [...CM, '--default-country', 'ZZ']],
    ['zero default price', [...CM, '--default-price', '0']],
    ['bad key status', [...CM, '--key-status', 'active']],
    ['price with 3 parts', [...CM, '--price', 'CD:Vodacom:0.02']],
    ['price of 0', [...CM, '--price', 'CD:Vodacom:24381:0']],
    ['price prefix twice', [...CM, '--price', 'CD:Vodacom:24381:0.02', '--price', 'CD:Orange:24381:0.01']],
    ['username without password', [...CM, '--webhook-url', 'https://x.example', '--webhook-username', 'u']],
    ['password without username', [...CM, '--webhook-url', 'https://x.example', '--webhook-password', 'p']],
    ['credentials without url', [...CM, '--webhook-username', 'u', '--webhook-password', 'p']],
    ['ftp webhook', [...CM, '--webhook-url', 'ftp://x.example/h']],
    ['relative webhook', [...CM, '--webhook-url', 'not-a-url']],
    ['credentials in the URL', [...CM, '--webhook-url', 'https://u:p@x.example/h']],
    ['http webhook in live', [...CM, '--webhook-url', 'http://x.example/h'], liveEnv],
    ['set-key-status without --status', ['set-key-status', '--app-id', 'APP']],
    ['set-key-status bad status', ['set-key-status', '--app-id', 'APP', '--status', 'on']],
    ['set-key-status unknown app', ['set-key-status', '--app-id', 'app_nope', '--status', 'suspended']],
    ['rotate-key without --app-id', ['rotate-key']],
    ['rotate-key unknown app', ['rotate-key', '--app-id', 'app_nope']],
    ['top-up unknown organization', ['top-up', '--organization-id', 'org_nope', '--wallet', 'prepaid', '--amount', '1']],
    ['top-up bad wallet', ['top-up', '--organization-id', 'ORG', '--wallet', 'savings', '--amount', '1']],
    ['top-up amount 0', ['top-up', '--organization-id', 'ORG', '--wallet', 'prepaid', '--amount', '0']],
    ['top-up malformed amount', ['top-up', '--organization-id', 'ORG', '--wallet', 'prepaid', '--amount', '1.5.5']],
    ['top-up without --amount', ['top-up', '--organization-id', 'ORG', '--wallet', 'prepaid']],
    ['set-webhook unknown app', ['set-webhook', '--app-id', 'app_nope', '--url', 'https://x.example']],
    ['set-webhook without --url', ['set-webhook', '--app-id', 'APP']],
    ['set-webhook javascript url', ['set-webhook', '--app-id', 'APP', '--url', 'javascript:alert(1)']],
    ['set-webhook --clear with --url', ['set-webhook', '--app-id', 'APP', '--clear', '--url', 'https://x.example']],
    ['set-webhook username only', ['set-webhook', '--app-id', 'APP', '--url', 'https://x.example', '--username', 'u']],
    ['set-prices without --price', ['set-prices', '--organization-id', 'ORG']],
    ['set-prices bad --price', ['set-prices', '--organization-id', 'ORG', '--price', 'CD:Vodacom:24a:0.02']],
    ['set-prices unknown organization', ['set-prices', '--organization-id', 'org_nope', '--price', 'CD:Vodacom:24381:0.02']],
    ['set-rate-limits with no bucket', ['set-rate-limits', '--app-id', 'APP']],
    ['set-rate-limits 0', ['set-rate-limits', '--app-id', 'APP', '--send', '0']],
    ['set-rate-limits over 1000000', ['set-rate-limits', '--app-id', 'APP', '--send', '1000001']],
    ['set-rate-limits not an integer', ['set-rate-limits', '--app-id', 'APP', '--status', '1.5']],
    ['set-rate-limits unknown app', ['set-rate-limits', '--app-id', 'app_nope', '--send', '5']],
    ['set-rate-limits --smpp-tps 0', ['set-rate-limits', '--app-id', 'APP', '--smpp-tps', '0']],
    ['enable-smpp without --app-id', ['enable-smpp']],
    ['enable-smpp unknown app', ['enable-smpp', '--app-id', 'app_nope']],
    ['create-operator without --email', ['create-operator', '--name', 'Op', '--password', 'long-enough-pw']],
    ['create-operator bad email', ['create-operator', '--email', 'not-an-email', '--name', 'Op', '--password', 'long-enough-pw']],
    ['create-operator without --name', ['create-operator', '--email', 'op-x@example.com', '--password', 'long-enough-pw']],
    ['create-operator without --password', ['create-operator', '--email', 'op-x@example.com', '--name', 'Op']],
    ['create-operator short password', ['create-operator', '--email', 'op-x@example.com', '--name', 'Op', '--password', 'short']],
  ];
  it.each(cases)('%s', async (_name, argv, e) => {
    const before = await snapshot();
    const args = [...argv.map((a) => (a === 'APP' ? m.app_id : a === 'ORG' ? m.organization_id : a)), ...(argv.length ? ['--json'] : [])];
    const r = await cli(args, e);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/^error: [^\n]+\n$/);
    expect(await snapshot()).toBe(before);
  });
});

describe('nothing is half-written', () => {
  it('a failure at the audit row rolls back the whole command (exit 1)', async () => {
    await db.execute(sql`create table cli_fail_audit (x int)`);
    await db.execute(sql`create function cli_fail_audit_fn() returns trigger language plpgsql as $$
      begin if exists (select 1 from cli_fail_audit) then raise exception 'audit refused'; end if; return new; end $$`);
    await db.execute(sql`create trigger cli_fail_audit_tg before insert on audit_log for each row execute function cli_fail_audit_fn()`);
    await db.execute(sql`insert into cli_fail_audit values (1)`);
    try {
      const before = await snapshot();
      for (const argv of [
        ['create-merchant', '--name', 'Half', '--prepaid', '5', '--price', 'CD:Vodacom:24381:0.02'],
        ['top-up', '--organization-id', m.organization_id, '--wallet', 'postpaid', '--amount', '4'],
        ['set-prices', '--organization-id', m.organization_id, '--price', 'CD:Vodacom:24381:0.02'],
        ['rotate-key', '--app-id', m.app_id],
      ]) {
        const r = await cli([...argv, '--json']);
        expect(r).toMatchObject({ code: 1, out: '' });
        expect(r.err).toMatch(/^error: [^\n]*audit refused[^\n]*\n$/);
      }
      expect(await snapshot()).toBe(before);
    } finally {
      await db.execute(sql`drop table cli_fail_audit; drop trigger cli_fail_audit_tg on audit_log; drop function cli_fail_audit_fn()`);
    }
  });
});

describe('the real command (npm run admin)', () => {
  const run = (args: string[]) =>
    promisify(execFile)('npm', ['run', 'admin', '--silent', '--', ...args], { cwd: '/work/main', env: { ...process.env } });

  it('create-merchant --json prints one JSON object and stores the merchant', async () => {
    const { stdout } = await run(['create-merchant', '--name', 'Spawned', '--prepaid', '5', '--json']);
    const out = JSON.parse(stdout);
    expect(Object.keys(out)).toEqual(['organization_id', 'app_id', 'api_key', 'key_status', 'signing_secret']);
    expect(await walletsOf(out.organization_id)).toEqual({ SVC_SMS: { balance: '5.0000', currency: 'USD', ledgerSum: '5.0000', ledgerRows: 1 } });
  });

  it('create-operator --json prints one JSON object', async () => {
    const { stdout } = await run(['create-operator', '--email', 'spawned-op@example.com', '--name', 'Spawned Op', '--password', 'spawned-pw-123', '--json']);
    expect(JSON.parse(stdout)).toMatchObject({ email: 'spawned-op@example.com', created: true, is_operator: true });
  });

  it('a bad argument exits with code 2', async () => {
    const failed = await run(['create-merchant', '--name', 'Spawned', '--prepaid', 'abc', '--json']).then(() => null, (e) => e);
    expect(failed).toMatchObject({ code: 2, stdout: '' });
    expect(failed.stderr).toMatch(/^error: bad --prepaid "abc"[^\n]*\n$/);
  });
});
