import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { receiveInbound } from '@/server/domain/inbound/receive-inbound';
import { deliverDueWebhooks } from '@/server/domain/webhooks/deliver-due';
import { assignNumber, setInboundUrl } from '../carrier/inbound-helpers';
import { closePools, restClient, testClock, testDeps, testEnv } from '../helpers';
import { drain } from '../pipeline/drain';
import { startReceiver } from '../webhooks/receiver';
import { memberOf, readyMerchant, rejection, walletBalances } from './setup';
import { deliveryTasks } from '../pipeline/harness';

/**
 * D18, the dashboard's Inbox: conversations per phone (MO and sends interleaved), unread marks, pages, the reply box
 * (an ordinary billed send from the app's number), and one organization never seeing another's.
 */
// An hour before the real time, so the pipeline's jobs (queued at the clock's time) are due for drain().
const T0 = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 3_600_000);
const clock = testClock(T0);
const env = testEnv({ CARRIER_SIM_DELAY_MS: '0', CARRIER_SIM_VALIDITY_S: '0' });
const deps = testDeps({ env, clock: clock.now });
const call = restClient(deps);
const { tasks } = deliveryTasks(deps.db, env);
afterAll(closePools);

const A = '+243810000001';
const B = '+243810000002';
const C = '+243810000003';
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000).toISOString();
const setMinute = (minutes: number) => clock.set(new Date(at(minutes)));
let numberSeq = 0;

async function merchant() {
  const m = await readyMerchant(deps, { prepaid: '10' });
  const number = `2439901${String(++numberSeq).padStart(5, '0')}`; // 12 digits: a reply's sender_id over the ordinary 11
  await assignNumber(deps.db, m, number);
  const mo = async (from: string, text: string) => {
    const res = await call('POST', '/inbound/simulate', { key: m.apiKey, body: { from, to: number, text } });
    expect(res.status).toBe(202);
    return res.body.data.inbound_id as string;
  };
  const send = async (to: string[], message: string) => {
    const res = await call('POST', '/send', { key: m.apiKey, body: { to, message } });
    expect(res.status).toBe(201);
    return res.body.data.message_id as string;
  };
  return { ...m, number, mo, send };
}

describe('conversations', () => {
  it('one per phone that sent an MO, newest activity first (MO or send); sends and MO interleaved by time', async () => {
    const m = await merchant();
    setMinute(0);
    const early = await m.send([B], 'Before B ever wrote');
    setMinute(1);
    const a1 = await m.mo(A, 'Hi, is my order ready?');
    setMinute(2);
    await m.mo(B, 'Hello');
    setMinute(3);
    const toA = await m.send([A, C], 'Yes, come by after 5');
    setMinute(4);
    await m.send([C], 'C never wrote: no conversation');

    const list = await m.api.inbox.list({});
    expect(list).toEqual({
      items: [
        { phone: A, last_activity_at: at(3), last_inbound: { text: 'Hi, is my order ready?', to: m.number, keyword: null, received_at: at(1) }, unread: true, unread_count: 1 },
        { phone: B, last_activity_at: at(2), last_inbound: { text: 'Hello', to: m.number, keyword: null, received_at: at(2) }, unread: true, unread_count: 1 },
      ],
      next_cursor: null,
      timezone: 'Africa/Kinshasa',
    });

    const a = await m.api.inbox.get({ phone: A });
    expect(a).toEqual({
      phone: A,
      last_inbound_at: at(1),
      read_through: null,
      items: [
        { kind: 'send', message_id: toA, at: at(3), text: 'Yes, come by after 5', sender_id: null, state: 'pending', error_code: null, dispatch_at: null, dispatches_total: 1 },
        {
          kind: 'inbound', inbound_id: a1, at: at(1), text: 'Hi, is my order ready?', to: m.number, keyword: null, carrier: 'simulator',
          encoding: 'gsm7', segments: 1, complete: true, opt_out: null, unread: true,
        },
      ],
      older_cursor: null,
      reply_from: [{ app_id: m.appId, app_name: 'Shop', number: m.number }],
      default_from: { app_id: m.appId, app_name: 'Shop', number: m.number },
      timezone: 'Africa/Kinshasa',
    });
    // The send made before B's first MO is part of B's conversation; a typed national form finds it too.
    const b = await m.api.inbox.get({ phone: '0810000002' });
    expect(b.items.map((i) => [i.kind, i.at, i.text])).toEqual([['inbound', at(2), 'Hello'], ['send', at(0), 'Before B ever wrote']]);
    expect((b.items[1] as { message_id: string }).message_id).toBe(early);
    expect(await rejection(m.api.inbox.get({ phone: C }))).toMatchObject({ code: 'NOT_FOUND', message: 'No conversation with this phone.' });
  });

  it("a send's item shows this phone's delivery, as the pipeline moves it", async () => {
    const m = await merchant();
    const refused = '+243810001111'; // the simulator refuses it at submission
    setMinute(10);
    await m.mo(A, 'Ping');
    await m.mo(refused, 'Ping too');
    setMinute(11);
    const one = await m.send([A], 'Pong');
    setMinute(12);
    const both = await m.send([refused, A], 'Pong to both');
    await drain(deps.db, tasks);
    const sends = async (phone: string) =>
      (await m.api.inbox.get({ phone })).items.flatMap((i) => (i.kind === 'send' ? [[i.message_id, i.state, i.error_code]] : []));
    expect(await sends(A)).toEqual([[both, 'delivered', null], [one, 'delivered', null]]);
    expect(await sends(refused)).toEqual([[both, 'failed', 'UNKNOWN_SUBSCRIBER']]);

    // A scheduled send is one item: the delivery of its first dispatch until that one begins.
    const day = (n: number) => new Date(T0.getTime() + 3_600_000 + n * 86_400_000).toISOString().slice(0, 10); // Kinshasa, UTC+1
    setMinute(13);
    const res = await call('POST', '/send', {
      key: m.apiKey,
      body: { to: [A], message: 'Reminder', sending_type: 'scheduled', scheduled_dates: [{ date: day(3), time: '09:00' }, { date: day(2), time: '09:00' }] },
    });
    expect(res.status).toBe(201);
    expect((await m.api.inbox.get({ phone: A })).items[0]).toEqual({
      kind: 'send', message_id: res.body.data.message_id, at: at(13), text: 'Reminder', sender_id: null, state: 'pending', error_code: null,
      dispatch_at: `${day(2)}T08:00:00.000Z`, dispatches_total: 2,
    });
  });
});

describe('unread marks', () => {
  it('an MO after the last opening is unread; opening marks read up to the newest MO shown, never back', async () => {
    const m = await merchant();
    setMinute(20);
    await m.mo(A, 'one');
    setMinute(21);
    await m.mo(A, 'two');
    expect((await m.api.inbox.list({})).items[0]).toMatchObject({ phone: A, unread: true, unread_count: 2 });

    // Shown up to 'one' only (the page was loaded before 'two' came): 'two' stays unread.
    expect(await m.api.inbox.markRead({ phone: A, through: at(20) })).toEqual({ read_through: at(20) });
    expect((await m.api.inbox.list({})).items[0]).toMatchObject({ unread: true, unread_count: 1 });
    expect((await m.api.inbox.get({ phone: A })).items.map((i) => [i.text, i.kind === 'inbound' && i.unread])).toEqual([['two', true], ['one', false]]);

    expect(await m.api.inbox.markRead({ phone: A, through: at(21) })).toEqual({ read_through: at(21) });
    expect((await m.api.inbox.list({})).items[0]).toMatchObject({ unread: false, unread_count: 0 });
    // An older opening (another member's stale page) does not make it unread again.
    expect(await m.api.inbox.markRead({ phone: A, through: at(20) })).toEqual({ read_through: at(21) });

    setMinute(22);
    await m.mo(A, 'three');
    expect((await m.api.inbox.list({})).items[0]).toMatchObject({ unread: true, unread_count: 1 });
    // Read state is the organization's: a viewer's opening counts for everyone.
    const viewer = await memberOf(deps, m.organizationId, 'viewer');
    await viewer.inbox.markRead({ phone: A, through: at(22) });
    expect((await m.api.inbox.list({})).items[0]).toMatchObject({ unread: false });
  });
});

describe('unread counts', () => {
  it('counts an MO received before the read mark but stored after it as read, one by one in its batch', async () => {
    const m = await merchant();
    setMinute(30);
    await m.mo(A, 'one');
    setMinute(32);
    await m.mo(A, 'three');
    expect(await m.api.inbox.markRead({ phone: A, through: at(32) })).toEqual({ read_through: at(32) });
    // received at minute 31 (a slower connector's batch), stored once the page showing 'three' had marked it read
    await deps.db.transaction((tx) =>
      receiveInbound(tx, [31, 33].map((minute) => ({ carrier: 'simulator', connectorId: null, from: A, to: m.number, text: `at ${minute}`, encoding: 'gsm7' as const,
        segments: 1, complete: true, receivedAt: new Date(at(minute)) })), new Date(at(33))));
    expect((await m.api.inbox.list({})).items[0]).toMatchObject({ phone: A, unread: true, unread_count: 1 });
    expect((await m.api.inbox.get({ phone: A })).items.map((i) => [i.text, i.kind === 'inbound' && i.unread])).toEqual([
      ['at 33', true], ['three', false], ['at 31', false], ['one', false],
    ]);
  });

  it('shows at most 100 unread, and marking read recounts what came after the mark', async () => {
    const m = await merchant();
    setMinute(40);
    await deps.db.transaction((tx) =>
      receiveInbound(tx, Array.from({ length: 120 }, (_, i) => ({ carrier: 'simulator', connectorId: null, from: B, to: m.number, text: `n${i}`,
        encoding: 'gsm7' as const, segments: 1, complete: true, receivedAt: new Date(Date.parse(at(40)) + i * 1000) })), new Date(at(42))));
    expect((await m.api.inbox.list({})).items[0]).toMatchObject({ phone: B, unread: true, unread_count: 100 });
    // shown up to the 111th: 9 after it
    expect(await m.api.inbox.markRead({ phone: B, through: new Date(Date.parse(at(40)) + 110_000).toISOString() })).toEqual({
      read_through: new Date(Date.parse(at(40)) + 110_000).toISOString(),
    });
    expect((await m.api.inbox.list({})).items[0]).toMatchObject({ phone: B, unread: true, unread_count: 9 });
  });
});

describe('pages', () => {
  it('the list and a conversation page by keyset: every item once, in order', async () => {
    const m = await merchant();
    const phones = [1, 2, 3, 4, 5].map((i) => `+24381000010${i}`);
    for (const [i, p] of phones.entries()) {
      setMinute(30 + i);
      await m.mo(p, `from ${i}`);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await m.api.inbox.list({ limit: 2, cursor });
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((c) => c.phone));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([...phones].reverse());

    // One phone: 4 MO and 3 sends, alternating a minute apart; a send and an MO in the same instant too.
    const expected: string[] = [];
    for (let i = 0; i < 7; i++) {
      setMinute(40 + i);
      if (i % 2 === 0) await m.mo(A, `mo ${i}`);
      else await m.send([A], `send ${i}`);
      expected.unshift(i % 2 === 0 ? `mo ${i}` : `send ${i}`);
    }
    setMinute(47);
    await m.mo(A, 'same instant, MO');
    await m.send([A], 'same instant, send');
    // (time, id): at one instant a send (msg_…) sorts after an MO (in_…), so comes first newest-first.
    expected.unshift('same instant, send', 'same instant, MO');
    const texts: Array<string | null> = [];
    cursor = undefined;
    do {
      const page = await m.api.inbox.get({ phone: A, limit: 3, cursor });
      texts.push(...page.items.map((i) => i.text));
      cursor = page.older_cursor ?? undefined;
    } while (cursor);
    expect(texts).toEqual(expected);
  });
});

describe('tenant isolation', () => {
  it("another organization sees nothing of this one's conversations, even with the same phone", async () => {
    const m = await merchant();
    const other = await merchant();
    setMinute(50);
    await m.mo(A, 'to the first organization');
    await m.send([A], 'first organization answers');
    expect(await other.api.inbox.list({})).toEqual({ items: [], next_cursor: null, timezone: 'Africa/Kinshasa' });
    expect(await rejection(other.api.inbox.get({ phone: A }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await rejection(other.api.inbox.markRead({ phone: A, through: at(50) }))).toMatchObject({ code: 'NOT_FOUND' });
    const reply = other.api.inbox.reply({ phone: A, app_id: other.appId, idempotency_key: 'k-1', send: { message: 'hi' } });
    expect(await rejection(reply)).toMatchObject({ code: 'NOT_FOUND' });
    // Its own conversation with the same phone holds only its own MO and sends.
    setMinute(51);
    await other.mo(A, 'to the second organization');
    await other.send([A], 'second organization answers');
    const view = await other.api.inbox.get({ phone: A });
    expect(view.items.map((i) => i.text)).toEqual(['second organization answers', 'to the second organization']);
    expect(view.reply_from).toEqual([{ app_id: other.appId, app_name: 'Shop', number: other.number }]);
    expect((await m.api.inbox.get({ phone: A })).items.map((i) => i.text)).toEqual(['first organization answers', 'to the first organization']);
    // Replying as the first organization's app is refused to the second (Compose's rule).
    const asOther = other.api.inbox.reply({ phone: A, app_id: m.appId, idempotency_key: 'k-2', send: { message: 'hi' } });
    expect(await rejection(asOther)).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: [{ field: 'app_id', message: 'Choose one of your organization’s apps.' }] });
  });
});

describe('reply', () => {
  it("is an ordinary billed send from the app's number, once per idempotency key, and joins the conversation", async () => {
    const m = await merchant();
    setMinute(60);
    await m.mo(A, 'Can I change my delivery address?');
    setMinute(61);
    const input = { phone: A, app_id: m.appId, idempotency_key: 'reply-1', send: { message: 'Sure, reply with the new one', sender_id: m.number } };
    const res = await m.api.inbox.reply(input);
    expect(res).toEqual({ message_id: expect.stringMatching(/^msg_/), total_recipients: 1, suppressed_recipients: 0, unroutable_recipients: 0, total_messages: 1, total_cost: 0.02, currency: 'USD', status: 'pending', sending_type: 'immediate', encoding: 'gsm7', smart_encoding: { mode: 'off', applied: false, replaced_characters: 0 } });
    expect(await m.api.inbox.reply(input)).toEqual(res);
    expect(await walletBalances(deps, m.organizationId)).toEqual({ SVC_SMS: '9.9800' });
    const [row] = await deps.db.execute(sql`
      select m.sender_id, m.channel, m.app_id, (select count(*)::int from message_recipients r where r.message_id = m.id and r.phone = ${A}) as n
        from messages m where m.id = ${res.message_id}`);
    expect(row).toEqual({ sender_id: m.number, channel: 'dashboard', app_id: m.appId, n: 1 });
    const view = await m.api.inbox.get({ phone: A });
    expect(view.items[0]).toMatchObject({ kind: 'send', message_id: res.message_id, at: at(61), text: 'Sure, reply with the new one', sender_id: m.number });
    expect((await m.api.inbox.list({})).items[0]).toMatchObject({ phone: A, last_activity_at: at(61) });
  });

  it("a 12-digit sender_id that is not one of the app's numbers gets the ordinary error; viewers cannot reply", async () => {
    const m = await merchant();
    setMinute(70);
    await m.mo(A, 'Hi');
    const bad = m.api.inbox.reply({ phone: A, app_id: m.appId, idempotency_key: 'r-2', send: { message: 'x', sender_id: '243990999999' } });
    expect(await rejection(bad)).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: [{ field: 'sender_id', message: 'must be 1 to 11 characters' }] });
    const empty = m.api.inbox.reply({ phone: A, app_id: m.appId, idempotency_key: 'r-3', send: { message: '' } });
    expect(await rejection(empty)).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: [{ field: 'message', message: 'must not be empty' }] });
    const viewer = await memberOf(deps, m.organizationId, 'viewer');
    expect(await rejection(viewer.inbox.reply({ phone: A, app_id: m.appId, idempotency_key: 'r-4', send: { message: 'x' } }))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await walletBalances(deps, m.organizationId)).toEqual({ SVC_SMS: '10.0000' });
  });
});

describe("an MO's webhook log", () => {
  it('its sms.received event with the deliveries to inbound_url and their attempts; Replay adds a delivery of the same event; viewers read it without Replay; another organization reads none', async () => {
    const r = await startReceiver();
    try {
      const m = await merchant();
      await setInboundUrl(deps.db, m.appId, `${r.url}/in`);
      setMinute(30); // (before the real time: the deliveries are due)
      const id = await m.mo(A, 'Where is my parcel?');
      const deliver = () => deliverDueWebhooks({ db: deps.db, env, now: () => new Date() });
      await deliver();
      const log = await m.api.inbox.webhookLog({ inbound_id: id });
      const eventId = log.event!.event_id;
      expect(r.ofEvent(eventId)).toHaveLength(1);
      const delivered = (deliveryId: string) => ({
        delivery_id: deliveryId,
        url: `${r.url}/in`,
        state: 'succeeded',
        attempts: 1,
        next_attempt_at: null,
        last_status_code: 200,
        last_error: null,
        created_at: expect.any(String),
        attempt_log: [{ attempted_at: expect.any(String), status_code: 200, latency_ms: expect.any(Number), error: null, response_body: '' }],
      });
      expect(log).toEqual({
        event: {
          event_id: eventId,
          event_type: 'sms.received',
          created_at: at(30),
          payload: {
            event_id: eventId,
            event_type: 'sms.received',
            timestamp: at(30),
            inbound_id: id,
            data: { from: A, to: m.number, keyword: null, text: 'Where is my parcel?', encoding: 'gsm7', segments: 1, complete: true, received_at: at(30), carrier: 'simulator', in_reply_to: null, opt_out: null },
          },
          deliveries: [delivered(log.event!.deliveries[0].delivery_id)],
        },
        can_replay: true,
      });

      setMinute(31); // (a replay made later: the log lists deliveries by their creation)
      const { delivery_id } = await m.api.messages.replayEvent({ event_id: eventId });
      await deliver();
      const again = await m.api.inbox.webhookLog({ inbound_id: id });
      expect(again.event!.deliveries).toEqual([delivered(log.event!.deliveries[0].delivery_id), delivered(delivery_id)]);
      expect(r.ofEvent(eventId).map((h) => h.json)).toEqual([log.event!.payload, log.event!.payload]);

      const viewer = await memberOf(deps, m.organizationId, 'viewer');
      expect(await viewer.inbox.webhookLog({ inbound_id: id })).toEqual({ ...again, can_replay: false });
      expect(await rejection(viewer.messages.replayEvent({ event_id: eventId }))).toMatchObject({ code: 'FORBIDDEN' });
      const other = await merchant();
      expect(await other.api.inbox.webhookLog({ inbound_id: id })).toEqual({ event: null, can_replay: true });
      expect(await rejection(other.api.messages.replayEvent({ event_id: eventId }))).toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await r.close();
    }
  });

  it('without an inbound_url the event is kept with no delivery, and Replay is refused until one is set', async () => {
    const m = await merchant();
    setMinute(35);
    const id = await m.mo(B, 'Hello?');
    const log = await m.api.inbox.webhookLog({ inbound_id: id });
    expect(log.event).toMatchObject({ event_type: 'sms.received', deliveries: [] });
    expect(await rejection(m.api.messages.replayEvent({ event_id: log.event!.event_id }))).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('migration 0048', () => {
  it("counts each conversation's unread MO as the statements that keep the count leave them (before 0026's test, which writes the rows anew: this one puts back what it found)", async () => {
    const m = await merchant();
    setMinute(90);
    await m.mo(C, 'before the count');
    await m.mo(C, 'and another');
    const counts = () => deps.db.execute(sql`select organization_id, phone, unread_count from inbox_conversations order by organization_id, phone`);
    const kept = await counts();
    expect(kept.filter((r) => Number(r.unread_count) > 0).length).toBeGreaterThan(3);
    expect(kept.some((r) => Number(r.unread_count) === 9)).toBe(true); // (the conversation of 120 MO, read but for 9)
    const migration = readFileSync('db/migrations/0048_conversation_unread_count.sql', 'utf8').split('--> statement-breakpoint');
    await deps.db.execute(sql`update inbox_conversations set unread_count = 0`);
    await deps.db.execute(sql.raw(migration[migration.length - 1]));
    expect(await counts()).toEqual(kept);
  });
});

describe('migration 0026', () => {
  it('backfills, from the MO and sends alone, the conversations the upkeep keeps (run last: it rewrites every row)', async () => {
    const m = await merchant();
    setMinute(80);
    await m.mo(A, 'before the Inbox');
    setMinute(81);
    await m.send([A, B], 'answer');
    const rows = () =>
      deps.db.execute(sql`
        select organization_id, phone, last_inbound_at::text, last_activity_at::text from inbox_conversations order by organization_id, phone`);
    const kept = await rows();
    expect(kept.length).toBeGreaterThan(5);
    const migration = readFileSync('db/migrations/0026_inbox_conversations.sql', 'utf8').split('--> statement-breakpoint');
    await deps.db.execute(sql`delete from inbox_conversations`);
    await deps.db.execute(sql.raw(migration[migration.length - 1]));
    expect(await rows()).toEqual(kept);
  });
});
