import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { firstSigningSecret, rotateSigningSecret } from '@/server/domain/keys/rotate-signing-secret';
import { emitEvents } from '@/server/domain/webhooks/emit-events';
import { deliverDueWebhooks } from '@/server/domain/webhooks/deliver-due';
import { signedUpCaller } from '@/tests/dashboard-helpers';
import { closePools, makeMerchant, restClient, testDeps, testEnv } from '@/tests/helpers';
import { refused, teamOf } from '@/tests/team-helpers';
import { attemptsOf, deliveredEvent, deliveriesOf, eventOf, sendVia, settlePending } from './fixtures';
import { startReceiver, type Hit, type Receiver } from './receiver';

/**
 * D16: every webhook request carries Standard Webhooks headers, verified here
 * with the reference `standardwebhooks` package (not our own code); the
 * secret is shown once at creation and rotates with a 24 h overlap in which
 * both signatures are sent. Each attempt keeps the first 1 KB of the answer.
 */
const env = testEnv({ WEBHOOK_RETRY_SCHEDULE: '1h', WEBHOOK_TIMEOUT_MS: '500' });
const deps = testDeps({ env });
const db = deps.db;
const call = restClient(deps);
const receivers: Receiver[] = [];
const servers: Server[] = [];
const VODACOM = '+243812345678';
const SECRET_FORMAT = /^whsec_[A-Za-z0-9+/]{43}=$/;

afterEach(() => settlePending(db));
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  await closePools();
});

const run = () => deliverDueWebhooks({ db, env, now: () => new Date() });
const headersOf = (hit: Hit) => hit.headers as Record<string, string>;
const verifies = (secret: string, hit: Hit) => {
  try {
    return new Webhook(secret).verify(hit.body, headersOf(hit));
  } catch {
    return null;
  }
};

async function merchantWithReceiver() {
  const r = await startReceiver();
  receivers.push(r);
  const m = await makeMerchant(db, env, { prepaid: '10', keyStatus: 'allowed', webhook: { url: `${r.url}/hook` } });
  return { r, m };
}

async function deliverOne(m: { apiKey: string }, r: Receiver) {
  const s = await sendVia(db, call, m.apiKey, [VODACOM]);
  await emitEvents(db, [deliveredEvent(s.messageId, s.recipients[0])], { now: new Date() });
  const { id } = await eventOf(db, s.messageId, 'sms.delivered', s.recipients[0].id);
  await run();
  const hits = r.ofEvent(id);
  expect(hits).toHaveLength(1);
  return { eventId: id, hit: hits[0] };
}

describe('Standard Webhooks signatures (D16)', () => {
  it('every delivery verifies with the reference library under the secret printed at creation', async () => {
    const { r, m } = await merchantWithReceiver();
    const secret = firstSigningSecret(env.APP_SECRET, m.appId); // what create-merchant --json prints as signing_secret
    expect(secret).toMatch(SECRET_FORMAT);
    const { eventId, hit } = await deliverOne(m, r);
    expect(headersOf(hit)['webhook-id']).toBe(eventId);
    expect(Math.abs(Number(headersOf(hit)['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(10);
    expect(headersOf(hit)['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(verifies(secret, hit)).toEqual(hit.json);
    // Another app's secret, or a body changed by one byte, does not verify.
    const other = await makeMerchant(db, env, { prepaid: '1' });
    expect(verifies(firstSigningSecret(env.APP_SECRET, other.appId), hit)).toBeNull();
    expect(verifies(secret, { ...hit, body: hit.body.replace('"sms.delivered"', '"sms.delivered "') })).toBeNull();
  });

  it('after a rotation both signatures are sent for 24 h, then only the new one', async () => {
    const { r, m } = await merchantWithReceiver();
    const old = firstSigningSecret(env.APP_SECRET, m.appId);
    const rotated = await rotateSigningSecret(db, { appId: m.appId, organizationId: null, secret: env.APP_SECRET, actor: 'cli', now: new Date() });
    expect(rotated.signing_secret).toMatch(SECRET_FORMAT);
    expect(rotated.signing_secret).not.toBe(old);
    expect(new Date(rotated.previous_valid_until).getTime() - Date.now()).toBeGreaterThan(24 * 3600_000 - 10_000);

    const during = await deliverOne(m, r);
    expect(headersOf(during.hit)['webhook-signature'].split(' ')).toHaveLength(2);
    expect(verifies(rotated.signing_secret, during.hit)).toEqual(during.hit.json);
    expect(verifies(old, during.hit)).toEqual(during.hit.json);

    await db.execute(sql`update gateway_apps set webhook_secret_previous_until = now() - interval '1 second' where id = ${m.appId}`);
    const after = await deliverOne(m, r);
    expect(headersOf(after.hit)['webhook-signature'].split(' ')).toHaveLength(1);
    expect(verifies(rotated.signing_secret, after.hit)).toEqual(after.hit.json);
    expect(verifies(old, after.hit)).toBeNull();
  });

  it('the dashboard shows the secret once at creation and on rotation; test events are signed too', async () => {
    const r = await startReceiver();
    receivers.push(r);
    const team = await teamOf(deps);
    const created = await team.developer.api.keys.create({ name: 'Signed' });
    expect(created.signing_secret).toMatch(SECRET_FORMAT);
    expect(JSON.stringify(await team.owner.api.keys.list())).not.toContain(created.signing_secret);
    await team.owner.api.keys.updateWebhook({ appId: created.app.id, url: `${r.url}/t`, username: '', passwordAction: 'keep' });
    await team.owner.api.keys.sendTestEvent({ appId: created.app.id });
    const first = r.on('/t')[0];
    expect(headersOf(first)['webhook-id']).toBe(first.json.event_id);
    expect(verifies(created.signing_secret, first)).toEqual(first.json);

    await refused(team.viewer.api.keys.rotateSigningSecret({ appId: created.app.id }), 'FORBIDDEN');
    const rotated = await team.developer.api.keys.rotateSigningSecret({ appId: created.app.id });
    await team.owner.api.keys.sendTestEvent({ appId: created.app.id });
    const second = r.on('/t')[1];
    expect(verifies(rotated.signing_secret, second)).toEqual(second.json);
    expect(verifies(created.signing_secret, second)).toEqual(second.json);
    // Another organization cannot rotate (or learn of) this app.
    const stranger = await signedUpCaller(deps);
    await refused(stranger.api.keys.rotateSigningSecret({ appId: created.app.id }), 'NOT_FOUND');
  });
});

describe('attempts keep the first 1 KB of the answer (D16)', () => {
  async function answering(status: number, body: string | null) {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (body === null) return; // never answers: the attempt times out
        res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(body);
      });
    });
    servers.push(server);
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const m = await makeMerchant(db, env, { prepaid: '10', keyStatus: 'allowed', webhook: { url } });
    const s = await sendVia(db, call, m.apiKey, [VODACOM]);
    await emitEvents(db, [deliveredEvent(s.messageId, s.recipients[0])], { now: new Date() });
    const { id } = await eventOf(db, s.messageId, 'sms.delivered', s.recipients[0].id);
    await run();
    const [d] = await deliveriesOf(db, id);
    const rows = await db.execute<{ response_body: string | null }>(sql`select response_body from webhook_attempts where delivery_id = ${d.id}`);
    return { attempts: await attemptsOf(db, d.id), bodies: rows.map((x) => x.response_body) };
  }

  it('a long answer is cut at 1024 bytes', async () => {
    const long = `${'a'.repeat(1000)}${'b'.repeat(2000)}`;
    const { attempts, bodies } = await answering(200, long);
    expect(attempts.map((a) => a.status_code)).toEqual([200]);
    expect(bodies).toEqual([long.slice(0, 1024)]);
  });

  it("a 500's short body is kept whole; no answer keeps null", async () => {
    expect((await answering(500, '{"error":"upstream down"}')).bodies).toEqual(['{"error":"upstream down"}']);
    const silent = await answering(200, null);
    expect(silent.attempts.map((a) => [a.status_code, a.error])).toEqual([[null, 'timeout after 500 ms']]);
    expect(silent.bodies).toEqual([null]);
  });
});
