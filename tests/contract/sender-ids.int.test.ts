import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { senderApp } from '@/server/domain/messages/compose-send';
import { SUBMIT_STATUS, submitOverSmpp } from '@/server/domain/smpp-access/submit';
import { envelopeBody } from '@/server/domain/webhooks/send-webhook';
import { assignNumber } from '../carrier/inbound-helpers';
import { cliHarness } from '../cli-harness';
import { closePools, makeMerchant, restClient, testClock, testDeps, testEnv } from '../helpers';
import { walletBalances } from '../messaging/setup';

/**
 * D22 over REST and the CLI: the request and its states, the operator's decisions and their webhook events, the
 * 1140 refusals (another organization's numbers in every environment; an unapproved alphanumeric ID in live), the
 * sandbox's SENDER_ID_NOT_APPROVED warning, the platform default, and the same rules on SMPP's source_addr.
 */
const clock = testClock(new Date('2026-11-21T10:00:00.000Z'));
const deps = testDeps({ clock: clock.now });
const call = restClient(deps);
const liveEnv = testEnv({ SMS_ENV: 'live' });
const liveDeps = testDeps({ db: deps.db, env: liveEnv, clock: clock.now });
const live = restClient(liveDeps);
const { ok, cli } = cliHarness(deps.db, deps.env);
afterAll(closePools);

const NOT_ALLOWED = {
  success: false,
  status_code: 400,
  error_code: '1140',
  message: 'This sender_id is not allowed: use one of your approved sender IDs or one of your own numbers.',
};
const WARNING = {
  field: 'sender_id',
  code: 'SENDER_ID_NOT_APPROVED',
  message: 'this sender ID is not approved for your organization: a live send from it would be refused (1140)',
};
const TO = ['+243812345678'];
const REQUEST = { sender_id: 'ACME Shop', purpose: 'Order confirmations', sample_message: 'Your order 1234 is confirmed. ACME' };
type Merchant = Awaited<ReturnType<typeof makeMerchant>>;
let a: Merchant;
let b: Merchant;

beforeAll(async () => {
  a = await makeMerchant(deps.db, deps.env, { prepaid: '10', webhook: { url: 'http://127.0.0.1:9/a-hook' } });
  b = await makeMerchant(deps.db, deps.env, { prepaid: '10' });
  await assignNumber(deps.db, a, '78679'); // A's short code
  await assignNumber(deps.db, a, '24382168607'); // A's dedicated number
});

const request = (m: Merchant, body: unknown) => call('POST', '/sender-ids', { key: m.apiKey, body });

describe('POST /sender-ids and GET /sender-ids (D22)', () => {
  it('a request is pending, listed, audited; the same ID again is 409 1141', async () => {
    const res = await request(a, REQUEST);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      status_code: 201,
      data: { id: expect.stringMatching(/^sid_/), ...REQUEST, state: 'pending', reason: null, created_at: '2026-11-21T10:00:00.000Z', decided_at: null },
    });
    const list = await call('GET', '/sender-ids', { key: a.apiKey });
    expect(list.status).toBe(200);
    expect(list.body.data.items).toEqual([res.body.data]);
    const again = await request(a, REQUEST);
    expect([again.status, again.body.error_code, again.body.message]).toEqual([409, '1141', 'This sender ID is already pending or approved for your organization.']);
    const [audit] = await deps.db.execute<{ actor: string; action: string }>(sql`select actor, action from audit_log where target_id = ${res.body.data.id}`);
    expect(audit).toEqual({ actor: `api:${a.appId}`, action: 'sender_id.request' });
  });

  it.each([
    ['too short', 'AB'],
    ['too long', 'ABCDEFGHIJKL'],
    ['no letter', '12345'],
    ['a character other than letters, digits, spaces', 'ACME-SHOP'],
    ['a space at an end', ' ACME'],
  ])('refuses a sender_id %s: 400 1110 on sender_id', async (_what, senderId) => {
    const res = await request(a, { ...REQUEST, sender_id: senderId });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error_code: '1110', errors: [{ field: 'sender_id', message: 'must be 3 to 11 letters, digits and spaces, with at least one letter' }] });
  });

  it('purpose and sample_message are required', async () => {
    const res = await request(a, { sender_id: 'ACME' });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('1101');
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['purpose', 'sample_message']);
  });

  it("another organization's sender IDs are invisible", async () => {
    const list = await call('GET', '/sender-ids', { key: b.apiKey });
    expect(list.body.data.items).toEqual([]);
  });
});

describe('the operator CLI (D22)', () => {
  it('list-sender-ids --state pending, approve, then revoke with a reason: each audited and posted to webhook_url', async () => {
    const sid = (await request(a, { ...REQUEST, sender_id: 'ACMEPAY' })).body.data.id as string;
    const queue = await ok('list-sender-ids', '--state', 'pending');
    expect(queue.sender_ids.map((s: { id: string }) => s.id)).toContain(sid);
    expect(queue.sender_ids.every((s: { state: string }) => s.state === 'pending')).toBe(true);
    expect(queue.sender_ids.find((s: { id: string }) => s.id === sid)).toMatchObject({
      sender_id: 'ACMEPAY',
      organization_id: a.organizationId,
      organization_name: 'Acme',
      requested_by: `api:${a.appId}`,
      decided_by: null,
      sample_message: REQUEST.sample_message,
    });

    const approved = await ok('approve-sender-id', '--id', sid);
    expect(approved).toMatchObject({ id: sid, state: 'approved', reason: null, decided_by: 'cli' });
    const revoked = await ok('revoke-sender-id', '--id', sid, '--reason', 'Brand not owned');
    expect(revoked).toMatchObject({ id: sid, state: 'revoked', reason: 'Brand not owned', decided_by: 'cli' });

    const events = await deps.db.execute<{ event_type: string; payload: Record<string, unknown>; url: string; app_id: string }>(sql`
      select e.event_type, e.payload, d.url, e.app_id from webhook_events e join webhook_deliveries d on d.event_id = e.id
       where e.organization_id = ${a.organizationId} and e.event_type like 'sender_id.%' order by e.created_at, e.event_type`);
    expect(events.map((e) => [e.event_type, e.url, e.app_id])).toEqual([
      ['sender_id.approved', 'http://127.0.0.1:9/a-hook', a.appId],
      ['sender_id.revoked', 'http://127.0.0.1:9/a-hook', a.appId],
    ]);
    const body = JSON.parse(envelopeBody(events[1].payload));
    expect(Object.keys(body)).toEqual(['event_id', 'event_type', 'timestamp', 'data']);
    expect(Object.keys(body.data)).toEqual(['id', 'sender_id', 'state', 'reason', 'decided_at']);
    expect(body.data).toEqual({ id: sid, sender_id: 'ACMEPAY', state: 'revoked', reason: 'Brand not owned', decided_at: revoked.decided_at });

    const audit = await deps.db.execute<{ actor: string; action: string; details: Record<string, unknown> }>(
      sql`select actor, action, details from audit_log where target_id = ${sid} order by id`,
    );
    expect(audit.map((r) => [r.actor, r.action])).toEqual([
      [`api:${a.appId}`, 'sender_id.request'],
      ['cli', 'sender_id.approve'],
      ['cli', 'sender_id.revoke'],
    ]);
    expect(audit[2].details).toEqual({ sender_id: 'ACMEPAY', from: 'approved', to: 'revoked', reason: 'Brand not owned' });
  });

  it('reject needs a reason; a decision the state does not allow is refused (exit 2) and changes nothing', async () => {
    const sid = (await request(a, { ...REQUEST, sender_id: 'ACME NEWS' })).body.data.id as string;
    const noReason = await cli(['reject-sender-id', '--id', sid, '--json']);
    expect([noReason.code, noReason.err]).toEqual([2, 'error: missing --reason\n']);
    const blank = await cli(['reject-sender-id', '--id', sid, '--reason', '  ', '--json']);
    expect([blank.code, blank.err]).toEqual([2, 'error: --reason: must not be empty\n']);
    const revokePending = await cli(['revoke-sender-id', '--id', sid, '--reason', 'x', '--json']);
    expect([revokePending.code, revokePending.err]).toEqual([2, 'error: This sender ID is not in a state that allows this action.\n']);
    expect(await ok('reject-sender-id', '--id', sid, '--reason', 'Too generic')).toMatchObject({ state: 'rejected', reason: 'Too generic' });
    const twice = await cli(['approve-sender-id', '--id', sid, '--json']);
    expect([twice.code, twice.err]).toEqual([2, 'error: This sender ID is not in a state that allows this action.\n']);
    const bad = await cli(['approve-sender-id', '--id', 'nope', '--json']);
    expect([bad.code, bad.err]).toEqual([2, 'error: --id: Unknown sender ID.\n']);
    const state = await cli(['list-sender-ids', '--state', 'maybe', '--json']);
    expect(state.code).toBe(2);
    // a rejected ID may be asked for again
    expect((await request(a, { ...REQUEST, sender_id: 'ACME NEWS' })).status).toBe(201);
  });
});

describe('sending with a sender_id (D22)', () => {
  it("B sending from A's short code or A's number: 400 1140 in every environment, nothing written or charged", async () => {
    const bLive = await makeMerchant(deps.db, liveEnv, { prepaid: '10', keyStatus: 'allowed' });
    for (const senderId of ['78679', '24382168607', '+78679']) {
      const res = await call('POST', '/send', { key: b.apiKey, body: { to: TO, message: 'Hi', sender_id: senderId } });
      expect([res.status, res.body]).toEqual([400, { ...NOT_ALLOWED, detail: expect.any(String) }]);
      const inLive = await live('POST', '/send', { key: bLive.apiKey, body: { to: TO, message: 'Hi', sender_id: senderId } });
      expect([inLive.status, inLive.body.error_code]).toEqual([400, '1140']);
    }
    expect(await walletBalances(deps, b.organizationId)).toEqual({ SVC_SMS: '10.0000' });
    const [{ n }] = await deps.db.execute<{ n: number }>(sql`select count(*)::int as n from messages where organization_id = ${b.organizationId}`);
    expect(n).toBe(0);
    // A itself sends from them
    for (const senderId of ['78679', '24382168607']) {
      const res = await call('POST', '/send', { key: a.apiKey, body: { to: TO, message: 'Hi', sender_id: senderId } });
      expect([res.status, res.body.data.warnings]).toEqual([201, undefined]);
    }
  });

  it('sandbox: an unapproved alphanumeric sender_id goes with the SENDER_ID_NOT_APPROVED warning; an approved one without', async () => {
    const res = await call('POST', '/send', { key: b.apiKey, body: { to: TO, message: 'Hi', sender_id: 'BSHOP' } });
    expect(res.status).toBe(201);
    expect(res.body.data.warnings).toEqual([WARNING]);
    const sid = (await request(b, { ...REQUEST, sender_id: 'BSHOP' })).body.data.id;
    await ok('approve-sender-id', '--id', sid);
    const after = await call('POST', '/send', { key: b.apiKey, body: { to: TO, message: 'Hi', sender_id: 'BSHOP' } });
    expect([after.status, after.body.data.warnings]).toEqual([201, undefined]);
    // A's approved ID is not B's
    const as = await call('POST', '/send', { key: a.apiKey, body: { to: TO, message: 'Hi', sender_id: 'BSHOP' } });
    expect(as.body.data.warnings).toEqual([WARNING]);
  });

  it('live (a live web process): unapproved is 1140 before any charge, approved goes, none takes the platform default', async () => {
    const m = await makeMerchant(deps.db, liveEnv, { prepaid: '10', keyStatus: 'allowed' });
    // a live send needs a route for its number (D14): the simulator connector's
    await ok('set-route', '--prefix', '24381', '--connectors', 'simulator');
    const refused = await live('POST', '/send', { key: m.apiKey, body: { to: TO, message: 'Hi', sender_id: 'LIVESHOP' } });
    expect([refused.status, refused.body]).toEqual([400, { ...NOT_ALLOWED, detail: expect.any(String) }]);
    expect(await walletBalances(deps, m.organizationId)).toEqual({ SVC_SMS: '10.0000' });
    const sid = (await live('POST', '/sender-ids', { key: m.apiKey, body: { ...REQUEST, sender_id: 'LIVESHOP' } })).body.data.id;
    const pending = await live('POST', '/send', { key: m.apiKey, body: { to: TO, message: 'Hi', sender_id: 'LIVESHOP' } });
    expect(pending.body.error_code).toBe('1140');
    await ok('approve-sender-id', '--id', sid);
    const sent = await live('POST', '/send', { key: m.apiKey, body: { to: TO, message: 'Hi', sender_id: 'LIVESHOP' } });
    expect([sent.status, sent.body.data.warnings, sent.body.data.total_cost]).toEqual([201, undefined, 0.02]);

    const senderOf = async (id: string) => (await deps.db.execute<{ s: string | null }>(sql`select sender_id as s from messages where id = ${id}`))[0].s;
    const none = await live('POST', '/send', { key: m.apiKey, body: { to: TO, message: 'Hi' } });
    expect(await senderOf(none.body.data.message_id)).toBeNull();
    expect(await ok('set-default-sender-id', '--sender-id', 'GATEWAY')).toEqual({ default_sender_id: 'GATEWAY' });
    const dflt = await live('POST', '/send', { key: m.apiKey, body: { to: TO, message: 'Hi' } });
    expect(await senderOf(dflt.body.data.message_id)).toBe('GATEWAY');
    // the sandbox leaves it unset
    const sandbox = await call('POST', '/send', { key: a.apiKey, body: { to: TO, message: 'Hi' } });
    expect(await senderOf(sandbox.body.data.message_id)).toBeNull();
    expect(await ok('set-default-sender-id', '--clear')).toEqual({ default_sender_id: null });
  });

  it("SMPP source_addr: another organization's number and (live) an unapproved name are 0x0A, an own number goes", async () => {
    const now = clock.now();
    const appB = await senderApp(deps.db, b.organizationId, b.appId, 'test');
    const submit = (app: typeof appB, source_addr: string) => submitOverSmpp(deps.db, app, { source_addr, destination_addr: TO[0], short_message: 'Hi' }, now);
    expect(await submit(appB, '78679')).toEqual({ status: SUBMIT_STATUS.INVSRCADR, reason: 'source_addr not allowed (D22)' });
    const appA = await senderApp(deps.db, a.organizationId, a.appId, 'test');
    expect((await submit(appA, '78679')).status).toBe(0);
    const m = await makeMerchant(deps.db, liveEnv, { prepaid: '10', keyStatus: 'allowed' });
    const appLive = await senderApp(deps.db, m.organizationId, m.appId, 'live');
    expect(await submit(appLive, 'NOTMINE')).toEqual({ status: SUBMIT_STATUS.INVSRCADR, reason: 'source_addr not allowed (D22)' });
  });
});
