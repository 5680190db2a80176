import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, gatewayApps } from '@/db/schema';
import { authorizeRequest } from '@/server/domain/keys/authenticate';
import { TEST_EVENTS_PER_MINUTE } from '@/server/domain/keys/send-test-event';
import { decryptSecret } from '@/server/lib/crypto';
import { callerAs, signedUpCaller } from '@/tests/dashboard-helpers';
import { closePools, testDeps, testEnv } from '@/tests/helpers';
import { refused, teamOf } from '@/tests/team-helpers';

const deps = testDeps();
const { db, env } = deps;
afterAll(closePools);

const auth = (key: string) => authorizeRequest(db, key, { secret: env.APP_SECRET, environment: env.SMS_ENV, now: new Date() }).then((r) => r.app);
const auditOf = (targetId: string) => db.select().from(auditLog).where(eq(auditLog.targetId, targetId));

/** A local webhook receiver recording every request. */
type Received = { method: string; headers: http.IncomingHttpHeaders; body: string };
let receiver: http.Server;
let received: Received[] = [];
let hookUrl = '';
let answer = 200;
beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ method: req.method!, headers: req.headers, body });
      res.statusCode = answer;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/sms`;
});
afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

describe('keys.create and keys.list', () => {
  it('shows the plain key once; the list only ever has prefix…last4', async () => {
    const { api } = await signedUpCaller(deps);
    expect((await api.keys.list()).apps).toEqual([]);
    const created = await api.keys.create({ name: 'Checkout' });
    expect(created.api_key).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    expect(created.app).toMatchObject({ name: 'Checkout', environment: 'test', status: 'allowed', masked_key: `sk_test_…${created.api_key.slice(-4)}`, last_used_at: null });
    const list = await api.keys.list();
    expect(list.apps).toHaveLength(1);
    expect(list.apps[0]).toEqual(created.app);
    expect((await auth(created.api_key)).appId).toBe(created.app.id);
    expect((await api.keys.list()).apps[0].last_used_at).not.toBeNull();
    const text = JSON.stringify(list);
    expect(text).not.toContain(created.api_key);
    expect(text).not.toContain(created.api_key.slice(8, 36));
    expect(text).not.toMatch(/digest/i);
    const [audit] = await auditOf(created.app.id);
    expect(audit).toMatchObject({ action: 'app.create', organizationId: expect.stringMatching(/^org_/) });
    expect(JSON.stringify(audit)).not.toContain(created.api_key);
  });

  it('live deployments create sk_live_ keys pending validation (D9)', async () => {
    const live = testDeps({ db, env: testEnv({ SMS_ENV: 'live', APP_SECRET: 'l'.repeat(40) }) });
    const { api } = await signedUpCaller(live);
    const created = await api.keys.create({ name: 'Prod' });
    expect(created.api_key).toMatch(/^sk_live_/);
    expect(created.app).toMatchObject({ environment: 'live', status: 'pending_validation' });
    await expect(authorizeRequest(db, created.api_key, { secret: 'l'.repeat(40), environment: 'live', now: new Date() })).rejects.toMatchObject({
      errorName: 'KEY_PENDING_VALIDATION',
    });
  });

  it('rejects a blank name with a field error', async () => {
    const { api } = await signedUpCaller(deps);
    const err = await api.keys.create({ name: '   ' }).catch((e) => e);
    expect(err.code).toBe('BAD_REQUEST');
  });
});

describe('keys.regenerate', () => {
  it('the old key stops at once, the new one works, audited without the key', async () => {
    const { api } = await signedUpCaller(deps);
    const first = await api.keys.create({ name: 'Rotating' });
    const second = await api.keys.regenerate({ appId: first.app.id });
    expect(second.api_key).not.toBe(first.api_key);
    expect(second.app.masked_key).toBe(`sk_test_…${second.api_key.slice(-4)}`);
    await expect(auth(first.api_key)).rejects.toMatchObject({ errorName: 'AUTH_INVALID_KEY' });
    expect((await auth(second.api_key)).appId).toBe(first.app.id);
    const rotate = (await auditOf(first.app.id)).find((a) => a.action === 'key.rotate');
    expect(rotate?.details).toMatchObject({ previous_key: first.app.masked_key, key: second.app.masked_key });
    expect(JSON.stringify(rotate)).not.toContain(second.api_key);
  });
});

describe('webhook settings: the password is write-only', () => {
  it('set, keep, replace and clear; never returned by any procedure', async () => {
    const { api } = await signedUpCaller(deps);
    const { app } = await api.keys.create({ name: 'Hooked' });
    const set = await api.keys.updateWebhook({ appId: app.id, url: hookUrl, username: 'acme', passwordAction: 'replace', password: 'pw-s3cret-1' });
    expect(set.webhook).toEqual({ url: hookUrl, username: 'acme', password_set: true });
    const stored = async () => (await db.select().from(gatewayApps).where(eq(gatewayApps.id, app.id)))[0];
    expect(decryptSecret(env.APP_SECRET, (await stored()).webhookPasswordEnc!)).toBe('pw-s3cret-1');

    const kept = await api.keys.updateWebhook({ appId: app.id, url: hookUrl, username: 'acme2', passwordAction: 'keep' });
    expect(kept.webhook).toEqual({ url: hookUrl, username: 'acme2', password_set: true });
    expect(decryptSecret(env.APP_SECRET, (await stored()).webhookPasswordEnc!)).toBe('pw-s3cret-1');

    await api.keys.updateWebhook({ appId: app.id, url: hookUrl, username: 'acme2', passwordAction: 'replace', password: 'pw-s3cret-2' });
    expect(decryptSecret(env.APP_SECRET, (await stored()).webhookPasswordEnc!)).toBe('pw-s3cret-2');

    const everything = JSON.stringify([await api.keys.list(), await auditOf(app.id)]);
    for (const secret of ['pw-s3cret-1', 'pw-s3cret-2', (await stored()).webhookPasswordEnc!]) expect(everything).not.toContain(secret);

    const cleared = await api.keys.updateWebhook({ appId: app.id, url: hookUrl, username: 'acme2', passwordAction: 'clear' });
    expect(cleared.webhook.password_set).toBe(false);
    const removed = await api.keys.updateWebhook({ appId: app.id, url: '', username: '', passwordAction: 'keep' });
    expect(removed.webhook).toEqual({ url: null, username: null, password_set: false });
    expect(await stored()).toMatchObject({ webhookUrl: null, webhookUsername: null, webhookPasswordEnc: null });
    expect((await auditOf(app.id)).filter((a) => a.action.startsWith('webhook.')).map((a) => a.action)).toEqual([
      'webhook.set', 'webhook.set', 'webhook.set', 'webhook.set', 'webhook.clear',
    ]);
  });

  it('validates URL and credentials; live requires https', async () => {
    const { api } = await signedUpCaller(deps);
    const { app } = await api.keys.create({ name: 'V' });
    const cases = [
      [{ url: 'ftp://x.example/h', username: '', passwordAction: 'keep' as const }, 'url'],
      [{ url: 'https://u:p@x.example/h', username: '', passwordAction: 'keep' as const }, 'url'],
      [{ url: 'https://x.example/h', username: '', passwordAction: 'replace' as const, password: 'p' }, 'username'],
      [{ url: 'https://x.example/h', username: 'u', passwordAction: 'replace' as const }, 'password'],
      [{ url: '', username: 'u', passwordAction: 'keep' as const }, 'url'],
    ] as const;
    for (const [bad, field] of cases) {
      const err = await api.keys.updateWebhook({ appId: app.id, ...bad }).catch((e) => e);
      expect(err.code).toBe('BAD_REQUEST');
      expect(err.cause.issues.map((i: { path: string[] }) => i.path.join('.'))).toEqual([field]);
    }
    const live = testDeps({ db, env: testEnv({ SMS_ENV: 'live', APP_SECRET: 'l'.repeat(40) }) });
    const liveOwner = await signedUpCaller(live);
    const liveApp = await liveOwner.api.keys.create({ name: 'L' });
    const err = await liveOwner.api.keys.updateWebhook({ appId: liveApp.app.id, url: 'http://x.example/h', username: '', passwordAction: 'keep' }).catch((e) => e);
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.cause.options.errors).toEqual([{ field: 'url', message: 'The live environment delivers webhooks over https only.' }]);
  });
});

describe('keys.sendTestEvent', () => {
  it('POSTs the marked sample with Basic credentials and reports status and latency', async () => {
    const { api } = await signedUpCaller(deps);
    const { app } = await api.keys.create({ name: 'Tested' });
    await expect(api.keys.sendTestEvent({ appId: app.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await api.keys.updateWebhook({ appId: app.id, url: hookUrl, username: 'acme', passwordAction: 'replace', password: 'hook-pw' });
    received = [];
    answer = 200;
    const r = await api.keys.sendTestEvent({ appId: app.id });
    expect(r).toMatchObject({ url: hookUrl, status_code: 200, error: null, ok: true });
    expect(r.latency_ms).toBeGreaterThanOrEqual(0);
    expect(received).toHaveLength(1);
    expect(received[0].method).toBe('POST');
    expect(received[0].headers.authorization).toBe(`Basic ${Buffer.from('acme:hook-pw').toString('base64')}`);
    const body = JSON.parse(received[0].body);
    expect(body).toMatchObject({ event_type: 'sms.delivered', message_id: 'msg_TEST_EVENT_not_a_real_send', test: true, data: { test: true } });
    expect(Object.keys(body).slice(0, 5)).toEqual(['event_id', 'event_type', 'timestamp', 'message_id', 'data']);
    expect(JSON.stringify(r)).not.toContain('hook-pw');

    answer = 503;
    const failed = await api.keys.sendTestEvent({ appId: app.id });
    expect(failed).toMatchObject({ status_code: 503, ok: false });
    const audit = (await auditOf(app.id)).filter((a) => a.action === 'webhook.test');
    expect(audit.map((a) => a.details.status_code)).toEqual([200, 503]);
  });

  it(`allows ${TEST_EVENTS_PER_MINUTE} test events a minute per app, then answers 429 without a request`, async () => {
    const { api } = await signedUpCaller(deps);
    const { app } = await api.keys.create({ name: 'Hammered' });
    const other = await api.keys.create({ name: 'Untouched' });
    for (const id of [app.id, other.app.id]) await api.keys.updateWebhook({ appId: id, url: hookUrl, username: '', passwordAction: 'keep' });
    received = [];
    answer = 200;
    for (let i = 0; i < TEST_EVENTS_PER_MINUTE; i++) expect(await api.keys.sendTestEvent({ appId: app.id })).toMatchObject({ ok: true });
    const err = await api.keys.sendTestEvent({ appId: app.id }).catch((e) => e);
    expect(err.code).toBe('TOO_MANY_REQUESTS');
    expect(err.message).toMatch(new RegExp(`^At most ${TEST_EVENTS_PER_MINUTE} test events a minute per app\\. Try again in \\d+ s\\.$`));
    expect(received).toHaveLength(TEST_EVENTS_PER_MINUTE);
    // Another app of the same organization has its own window.
    expect(await api.keys.sendTestEvent({ appId: other.app.id })).toMatchObject({ ok: true });
  });

  it('reports a connection failure instead of throwing', async () => {
    const { api } = await signedUpCaller(deps);
    const { app } = await api.keys.create({ name: 'Down' });
    await api.keys.updateWebhook({ appId: app.id, url: 'http://127.0.0.1:9/nothing', username: '', passwordAction: 'keep' });
    const r = await api.keys.sendTestEvent({ appId: app.id });
    expect(r).toMatchObject({ status_code: null, ok: false, error: expect.stringMatching(/connection failed/) });
  });
});

describe('roles and isolation', () => {
  it('viewers read only; developers and owners write', async () => {
    const team = await teamOf(deps);
    const { app } = await team.developer.api.keys.create({ name: 'By developer' });
    expect((await team.viewer.api.keys.list()).apps.map((a) => a.id)).toEqual([app.id]);
    await refused(team.viewer.api.keys.create({ name: 'No' }), 'FORBIDDEN', /developer role/);
    await refused(team.viewer.api.keys.regenerate({ appId: app.id }), 'FORBIDDEN');
    await refused(team.viewer.api.keys.updateWebhook({ appId: app.id, url: hookUrl, username: '', passwordAction: 'keep' }), 'FORBIDDEN');
    await refused(team.viewer.api.keys.sendTestEvent({ appId: app.id }), 'FORBIDDEN');
    await team.owner.api.keys.regenerate({ appId: app.id });
  });

  it("another organization's app is not found through any procedure", async () => {
    const a = await signedUpCaller(deps);
    const b = await signedUpCaller(deps);
    const { app, api_key } = await a.api.keys.create({ name: 'Mine' });
    expect((await b.api.keys.list()).apps).toEqual([]);
    await refused(b.api.keys.regenerate({ appId: app.id }), 'NOT_FOUND');
    await refused(b.api.keys.updateWebhook({ appId: app.id, url: hookUrl, username: '', passwordAction: 'keep' }), 'NOT_FOUND');
    await refused(b.api.keys.sendTestEvent({ appId: app.id }), 'NOT_FOUND');
    expect((await auth(api_key)).appId).toBe(app.id);
    const [row] = await db.select().from(gatewayApps).where(and(eq(gatewayApps.id, app.id)));
    expect(row.webhookUrl).toBeNull();
  });

  it('signed-out callers are refused', async () => {
    await refused(callerAs(deps, null).keys.list(), 'UNAUTHORIZED');
  });
});
