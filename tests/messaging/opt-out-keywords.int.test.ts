import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportInbound } from '@/server/domain/delivery/carrier-port';
import { deliverDueWebhooks } from '@/server/domain/webhooks/deliver-due';
import { inTransaction } from '@/server/lib/after-commit';
import { assignNumber, setInboundUrl } from '../carrier/inbound-helpers';
import { closePools, testEnv } from '../helpers';
import { drain } from '../pipeline/drain';
import { pipelineHarness } from '../pipeline/harness';
import { startReceiver, type Hit, type Receiver } from '../webhooks/receiver';
import { readyMerchant, walletBalances } from './setup';

/**
 * D19 keywords over POST /inbound/simulate (the carriers' path): what STOP, START and HELP change on the list, the
 * MO's opt_out, the free replies (ordinary sends from the number, delivered by the pipeline, with their events) and
 * the contact events on inbound_url, with exact values. The SMPP path is in tests/carrier/mo.int.test.ts.
 */
const env = testEnv({ CARRIER_SIM_DELAY_MS: '0', CARRIER_SIM_VALIDITY_S: '0' });
const { deps, call, tasks } = pipelineHarness(env);
const db = deps.db;
let r: Receiver;
beforeAll(async () => {
  r = await startReceiver();
});
afterAll(async () => {
  await r.close();
  await closePools();
});

const PHONE = '+243810001234'; // Vodacom, 0.02
const ORANGE = '+243840005555'; // 0.019
const AIRTEL = '+243970005555'; // 0.018
const STOP_REPLY = 'You will no longer receive messages from Kin Shop. Reply START to resubscribe.';
const START_REPLY = 'You will receive messages from Kin Shop again. Reply STOP to unsubscribe.';
const HELP_REPLY = 'Kin Shop: reply STOP to unsubscribe.';

let numbers = 0;
/** A merchant named Kin Shop with 1.00 prepaid, a dedicated number, a short code keyword, webhook_url and inbound_url of its own. */
async function merchant() {
  const m = await readyMerchant(deps, { prepaid: '1' });
  await db.execute(sql`update organizations set name = 'Kin Shop' where id = ${m.organizationId}`);
  await db.execute(sql`update gateway_apps set webhook_url = ${`${r.url}/events/${m.appId}`} where id = ${m.appId}`);
  await setInboundUrl(db, m.appId, `${r.url}/inbound/${m.appId}`);
  const number = `24399060${String(++numbers).padStart(4, '0')}`;
  const shortCode = String(6000 + numbers);
  await assignNumber(db, m, number);
  await assignNumber(db, m, shortCode, 'Shop');
  return { ...m, number, shortCode };
}
type Merchant = Awaited<ReturnType<typeof merchant>>;

async function mo(m: Merchant, text: string, from = PHONE, to = m.number): Promise<string> {
  const res = await call('POST', '/inbound/simulate', { key: m.apiKey, body: { from, to, text } });
  expect(res.status).toBe(202);
  return res.body.data.inbound_id;
}
async function optOutOf(id: string) {
  return (await db.execute<{ opt_out: string | null }>(sql`select opt_out from inbound_messages where id = ${id}`))[0].opt_out;
}
async function listed(m: Merchant) {
  return (await call('GET', '/opt-outs', { key: m.apiKey })).body.data.items.map((i: { phone: string; source: string }) => [i.phone, i.source]);
}
/** The organization's keyword replies, oldest first: [message_id, sender_id, body, recipient]. */
async function replies(m: Merchant) {
  const rows = await db.execute<{ id: string; sender_id: string; body: string; phone: string; keyword_reply: string }>(sql`
    select m.id, m.sender_id, t.body, r.phone, m.keyword_reply from messages m join message_texts t on t.message_id = m.id
      join message_recipients r on r.message_id = m.id
     where m.organization_id = ${m.organizationId} and m.channel = 'keyword' order by m.created_at, m.id`);
  return rows.map((x) => [x.keyword_reply, x.sender_id, x.body, x.phone]);
}
async function webhooks() {
  await deliverDueWebhooks({ db, env, now: () => new Date() });
}
const inboundHits = (m: Merchant, type?: string) => r.on(`/inbound/${m.appId}`).filter((h: Hit) => !type || h.json.event_type === type);

describe('STOP', () => {
  it('lists the phone (source keyword) and replies once, free, from the number, delivered though the phone is listed; the next send skips it', async () => {
    const m = await merchant();
    const id = await mo(m, '  Stop. ');
    expect(await optOutOf(id)).toBe('stop');
    expect(await listed(m)).toEqual([[PHONE, 'keyword']]);
    expect(await replies(m)).toEqual([['stop', m.number, STOP_REPLY, PHONE]]);
    const [{ id: replyId }] = await db.execute<{ id: string }>(sql`select id from messages where organization_id = ${m.organizationId} and channel = 'keyword'`);

    // an ordinary send of the app: dispatched (not suppressed at its dispatch), delivered, charged nothing
    await drain(db, tasks);
    const status = await call('GET', `/status/${replyId}`, { key: m.apiKey });
    expect(status.body.data).toMatchObject({ message_id: replyId, status: 'delivered', total_recipients: 1, total_messages: 1, delivered: 1, failed: 0, total_cost: 0, refunded_amount: 0 });
    const listedMessages = await call('GET', '/messages', { key: m.apiKey });
    expect(listedMessages.body.data.items.map((i: { message_id: string }) => i.message_id)).toEqual([replyId]);
    expect(await db.execute(sql`select 1 from wallet_ledger where message_id = ${replyId}`)).toHaveLength(0);
    // and in the Inbox, beside the STOP it answers
    const conversation = await m.api.inbox.get({ phone: PHONE });
    expect(conversation.items.map((i) => (i.kind === 'send' ? [i.kind, i.message_id, i.text, i.sender_id, i.state] : [i.kind, i.inbound_id, i.opt_out])).sort()).toEqual([
      ['inbound', id, 'stop'],
      ['send', replyId, STOP_REPLY, m.number, 'delivered'],
    ]);
    expect(await walletBalances(deps, m.organizationId)).toEqual({ SVC_SMS: '1.0000' });

    await webhooks();
    expect(r.on(`/events/${m.appId}`).filter((h) => h.json.message_id === replyId).map((h) => h.json.event_type).sort()).toEqual([
      'sms.delivered', 'sms.processing', 'sms.queued', 'sms.sent',
    ]);
    const [received] = inboundHits(m, 'sms.received');
    expect(received.json).toMatchObject({ inbound_id: id, data: { from: PHONE, to: m.number, text: '  Stop. ', opt_out: 'stop', in_reply_to: null } });
    const [contact] = inboundHits(m, 'contact.opted_out');
    expect(Object.keys(contact.json)).toEqual(['event_id', 'event_type', 'timestamp', 'data']);
    expect(contact.json).toEqual({
      event_id: expect.stringMatching(/^[0-9a-f-]{36}$/), event_type: 'contact.opted_out', timestamp: expect.stringMatching(/Z$/),
      data: { phone: PHONE, source: 'keyword', number: m.number },
    });
    expect(Object.keys(contact.json.data)).toEqual(['phone', 'source', 'number']);

    // the next send to 3 numbers, one of them the STOP's: 201, suppressed 1, charged for the 2 others
    const send = await call('POST', '/send', { key: m.apiKey, body: { to: [ORANGE, PHONE, AIRTEL], message: 'Sale today' } });
    expect(send.status).toBe(201);
    expect(send.body.data).toMatchObject({ total_recipients: 3, suppressed_recipients: 1, total_messages: 2, total_cost: 0.037 });
    expect(await walletBalances(deps, m.organizationId)).toEqual({ SVC_SMS: '0.9630' });

    // a later MO answers the latest send, the reply included (D18's in_reply_to)
    const later = await mo(m, 'hello');
    const [row] = await db.execute<{ in_reply_to: string }>(sql`select in_reply_to from inbound_messages where id = ${later}`);
    expect(row.in_reply_to).toBe(send.body.data.message_id);
  });

  it('from a phone already listed: opt_out null, no second reply, no second contact event; the entry keeps its source', async () => {
    const m = await merchant();
    await mo(m, 'STOP');
    expect((await call('POST', '/opt-outs', { key: m.apiKey, body: { phones: [ORANGE] } })).status).toBe(200);
    const again = await mo(m, 'arrêt');
    const fromApiListed = await mo(m, 'unsubscribe', ORANGE);
    expect([await optOutOf(again), await optOutOf(fromApiListed)]).toEqual([null, null]);
    expect(await replies(m)).toEqual([['stop', m.number, STOP_REPLY, PHONE]]);
    expect(await listed(m)).toEqual([[ORANGE, 'api'], [PHONE, 'keyword']]);
    await webhooks();
    const byPhone = (a: { phone: string }, b: { phone: string }) => a.phone.localeCompare(b.phone);
    expect(inboundHits(m, 'contact.opted_out').map((h) => h.json.data).sort(byPhone)).toEqual([
      { phone: PHONE, source: 'keyword', number: m.number },
      { phone: ORANGE, source: 'api', number: null },
    ]);
    const received = Object.fromEntries(inboundHits(m, 'sms.received').map((h) => [h.json.inbound_id, h.json.data.opt_out]));
    expect(received).toEqual({ [again]: null, [fromApiListed]: null, [Object.keys(received).find((k) => k !== again && k !== fromApiListed)!]: 'stop' });
  });

  it('a keyword entry cannot be removed over REST (409 1131), only by START', async () => {
    const m = await merchant();
    await mo(m, 'QUIT');
    const res = await call('DELETE', `/opt-outs/${encodeURIComponent(PHONE)}`, { key: m.apiKey });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, status_code: 409, error_code: '1131' });
    expect(await listed(m)).toEqual([[PHONE, 'keyword']]);
  });
});

describe('START', () => {
  it('from a listed phone (any source): the entry goes, one reply, opt_out start, contact.opted_in; the next send goes to it', async () => {
    const m = await merchant();
    expect((await call('POST', '/opt-outs', { key: m.apiKey, body: { phones: [PHONE] } })).status).toBe(200);
    const id = await mo(m, 'Yes!');
    expect(await optOutOf(id)).toBe('start');
    expect(await listed(m)).toEqual([]);
    expect(await replies(m)).toEqual([['start', m.number, START_REPLY, PHONE]]);
    await drain(db, tasks);
    await webhooks();
    expect(inboundHits(m, 'contact.opted_in').map((h) => h.json.data)).toEqual([{ phone: PHONE, source: 'keyword', number: m.number }]);
    const send = await call('POST', '/send', { key: m.apiKey, body: { to: [PHONE], message: 'Welcome back' } });
    expect(send.body.data).toMatchObject({ suppressed_recipients: 0, total_cost: 0.02 });
    await drain(db, tasks);
    expect((await call('GET', `/status/${send.body.data.message_id}`, { key: m.apiKey })).body.data).toMatchObject({ status: 'delivered', delivered: 1 });
    // STOP then START: listed, then not, with a reply each
    await mo(m, 'stop');
    await mo(m, 'start');
    expect((await replies(m)).map((x) => x[0])).toEqual(['start', 'stop', 'start']);
    expect(await listed(m)).toEqual([]);
  });

  it('from a phone not on the list: an ordinary MO (opt_out null, no reply, no event), so "reply YES" flows keep working', async () => {
    const m = await merchant();
    const id = await mo(m, 'YES');
    expect(await optOutOf(id)).toBeNull();
    expect(await replies(m)).toEqual([]);
    await webhooks();
    expect(inboundHits(m).map((h) => [h.json.event_type, h.json.data.opt_out])).toEqual([['sms.received', null]]);
  });
});

describe('HELP', () => {
  it('replies once per HELP, not to a listed phone; opt_out help only when it replied', async () => {
    const m = await merchant();
    const first = await mo(m, 'help');
    const second = await mo(m, 'Info.');
    await mo(m, 'STOP');
    const listedHelp = await mo(m, 'INFO');
    expect([await optOutOf(first), await optOutOf(second), await optOutOf(listedHelp)]).toEqual(['help', 'help', null]);
    expect(await replies(m)).toEqual([
      ['help', m.number, HELP_REPLY, PHONE],
      ['help', m.number, HELP_REPLY, PHONE],
      ['stop', m.number, STOP_REPLY, PHONE],
    ]);
  });

  it("only STOP's reply is exempt from suppression: a HELP reply whose phone is listed before its dispatch is skipped", async () => {
    const m = await merchant();
    await mo(m, 'HELP');
    expect((await call('POST', '/opt-outs', { key: m.apiKey, body: { phones: [PHONE] } })).status).toBe(200);
    await drain(db, tasks);
    const rows = await db.execute<{ state: string; error_code: string | null }>(sql`
      select r.state, r.error_code from message_recipients r join messages x on x.id = r.message_id where x.organization_id = ${m.organizationId} and x.keyword_reply = 'help'`);
    expect(rows).toEqual([{ state: 'failed', error_code: 'OPTED_OUT' }]);
    expect(await walletBalances(deps, m.organizationId)).toEqual({ SVC_SMS: '1.0000' });
  });
});

describe('what is a keyword', () => {
  it("on a shared short code, the text after the routing keyword; the reply comes from the short code", async () => {
    const m = await merchant();
    const stop = await mo(m, 'SHOP stop', PHONE, m.shortCode);
    const alone = await mo(m, 'Shop', ORANGE, m.shortCode);
    const please = await mo(m, 'STOP PLEASE', ORANGE);
    expect([await optOutOf(stop), await optOutOf(alone), await optOutOf(please)]).toEqual(['stop', null, null]);
    expect(await replies(m)).toEqual([['stop', m.shortCode, STOP_REPLY, PHONE]]);
    await drain(db, tasks);
    const [{ state }] = await db.execute<{ state: string }>(sql`
      select r.state from message_recipients r join messages x on x.id = r.message_id where x.organization_id = ${m.organizationId} and x.channel = 'keyword'`);
    expect(state).toBe('delivered');
    await webhooks();
    expect(inboundHits(m, 'contact.opted_out').map((h) => h.json.data)).toEqual([{ phone: PHONE, source: 'keyword', number: m.shortCode }]);
  });

  it("a carrier's batch: each keyword acts in the order its phone sent them (STOP then START), each MO with its opt_out", async () => {
    const m = await merchant();
    const at = new Date();
    const report = (from: string, text: string) => ({ carrier: 'mno-a', connectorId: null, from, to: m.number, text, encoding: 'gsm7' as const, segments: 1, complete: true, receivedAt: at });
    const received = await inTransaction(db, (tx) =>
      reportInbound(tx, [report(PHONE, 'STOP'), report(ORANGE, 'HELP'), report(PHONE, 'START'), report(ORANGE, 'STOP'), report(PHONE, 'hello')], at),
    );
    expect(await Promise.all(received.map((x) => optOutOf(x.inboundId)))).toEqual(['stop', 'help', 'start', 'stop', null]);
    expect(await listed(m)).toEqual([[ORANGE, 'keyword']]);
    expect((await replies(m)).map((x) => [x[0], x[3]]).sort()).toEqual([
      ['help', ORANGE], ['start', PHONE], ['stop', PHONE], ['stop', ORANGE],
    ]);
  });

  it('an unrouted STOP changes nothing anywhere', async () => {
    const before = await db.execute(sql`select 1 from opt_outs where phone = '+243810009999'`);
    const [received] = await inTransaction(db, (tx) =>
      reportInbound(tx, [{ carrier: 'mno-a', connectorId: null, from: '+243810009999', to: '99999', text: 'STOP', encoding: 'gsm7', segments: 1, complete: true, receivedAt: new Date() }], new Date()),
    );
    expect(received.organizationId).toBeNull();
    expect(await db.execute(sql`select 1 from opt_outs where phone = '+243810009999'`)).toHaveLength(before.length);
    expect(await db.execute(sql`select 1 from message_recipients where phone = '+243810009999'`)).toHaveLength(0);
  });
});

describe("the keyword's language (D23)", () => {
  const FR_STOP = 'Vous ne recevrez plus de messages de Kin Shop. Répondez OUI pour vous réabonner.';
  const FR_START = 'Vous recevrez de nouveau les messages de Kin Shop. Répondez ARRET pour vous désabonner.';
  const FR_HELP = 'Kin Shop : répondez ARRET pour vous désabonner.';

  it('ARRET, OUI and AIDE (any case, with or without accents) get the French texts; STOP, START and HELP the English ones', async () => {
    const m = await merchant();
    const other = '+243810002222';
    for (const text of ['Aide', 'ARRET', 'oui', 'aidé !', 'help', 'STOP', 'Start']) await mo(m, text, PHONE);
    for (const text of ['Arrêter', 'OUI', 'Désabonner', 'start', 'ARRÊT']) await mo(m, text, other);
    expect(await replies(m)).toEqual([
      ['help', m.number, FR_HELP, PHONE],
      ['stop', m.number, FR_STOP, PHONE],
      ['start', m.number, FR_START, PHONE],
      ['help', m.number, FR_HELP, PHONE],
      ['help', m.number, HELP_REPLY, PHONE],
      ['stop', m.number, STOP_REPLY, PHONE],
      ['start', m.number, START_REPLY, PHONE],
      ['stop', m.number, FR_STOP, other],
      ['start', m.number, FR_START, other],
      ['stop', m.number, FR_STOP, other],
      ['start', m.number, START_REPLY, other],
      ['stop', m.number, FR_STOP, other],
    ]);
    // all GSM-7 (D23): one segment each, free
    const sent = await db.execute<{ encoding: string; segments: number; total_cost: string }>(sql`
      select distinct encoding, segments, total_cost::text from messages where organization_id = ${m.organizationId} and channel = 'keyword'`);
    expect(sent).toEqual([{ encoding: 'GSM-7', segments: 1, total_cost: '0.0000' }]);
  });

  it("the owner's French texts answer the French keywords; the English ones stay", async () => {
    const m = await merchant();
    await m.api.organization.updateKeywordReplies({ language: 'fr', stop: 'Au revoir de {organization}.', start: 'Re-bonjour', help: 'Appelez {organization}' });
    await mo(m, 'arret');
    await mo(m, 'stop', ORANGE);
    expect((await replies(m)).map((x) => x[2])).toEqual(['Au revoir de Kin Shop.', STOP_REPLY]);
  });
});

describe('settings and tenants', () => {
  it("the owner's texts are the replies, {organization} replaced", async () => {
    const m = await merchant();
    await m.api.organization.updateKeywordReplies({ stop: 'Bye from {organization}.', start: 'Hi again', help: 'Call {organization} on 0800' });
    await mo(m, 'help');
    await mo(m, 'stop');
    await mo(m, 'start');
    expect((await replies(m)).map((x) => x[2])).toEqual(['Call Kin Shop on 0800', 'Bye from Kin Shop.', 'Hi again']);
  });

  it("one organization's keywords change only its own list, replies and events", async () => {
    const a = await merchant();
    const b = await merchant();
    await mo(b, 'STOP');
    expect(await listed(a)).toEqual([]);
    expect(await replies(a)).toEqual([]);
    const send = await call('POST', '/send', { key: a.apiKey, body: { to: [PHONE], message: 'Hi' } });
    expect(send.body.data).toMatchObject({ suppressed_recipients: 0, total_cost: 0.02 });
    // A's START does nothing to B's entry (A's list does not have it)
    expect(await optOutOf(await mo(a, 'START'))).toBeNull();
    expect(await listed(b)).toEqual([[PHONE, 'keyword']]);
    await webhooks();
    expect(inboundHits(a).map((h) => h.json.event_type)).toEqual(['sms.received']);
    expect(inboundHits(b).map((h) => h.json.event_type).sort()).toEqual(['contact.opted_out', 'sms.received']);
  });
});
