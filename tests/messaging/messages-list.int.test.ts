import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MESSAGE_STATUSES } from '@/shared/contracts/send';
import { listMessages } from '@/server/domain/messages/list-messages';
import { closePools, oneConnectionDb, planCounts, testClock, testDeps, testEnv } from '../helpers';
import { drain, makeDue } from '../pipeline/drain';
import { readyMerchant, rejection } from './setup';
import { deliveryTasks } from '../pipeline/harness';

const env = testEnv({ CARRIER_SIM_DELAY_MS: '0', CARRIER_SIM_VALIDITY_S: '0' });
const clock = testClock();
const deps = testDeps({ env, clock: clock.now });
const { tasks } = deliveryTasks(deps.db, env);
afterAll(closePools);

const VODACOM = '+243810005555';
const ORANGE = '+243840005555';
const M1111 = '+243810001111';
const M2222 = '+243810002222';
const DATES = [
  { date: '2027-01-05', time: '09:00' },
  { date: '2027-01-06', time: '09:00' },
];

type Api = Awaited<ReturnType<typeof readyMerchant>>['api'];
async function sendAt(api: Api, appId: string, at: string, send: Record<string, unknown>) {
  clock.set(new Date(at));
  return (await api.messages.compose({ app_id: appId, send: { message: 'Hello', ...send } as never })).message_id;
}
async function firstDispatch(id: string) {
  const [d] = await deps.db.execute<{ id: string }>(sql`select id from message_dispatches where message_id = ${id} order by seq limit 1`);
  return d.id;
}
async function dispatchNow(...ids: string[]) {
  for (const id of ids) await makeDue(deps.db, await firstDispatch(id));
  await drain(deps.db, tasks);
}

describe('message history: filters and keyset pages', async () => {
  const a = await readyMerchant(deps, { prepaid: '10' });
  const b = await readyMerchant(deps, { prepaid: '10' });
  // Kinshasa is UTC+1: 2026-11-19T23:30Z is 2026-11-20 00:30 local, 2026-11-19T22:59Z is 2026-11-19 23:59 local.
  const delivered = await sendAt(a.api, a.appId, '2026-11-19T22:59:00Z', { to: [VODACOM] });
  const failed = await sendAt(a.api, a.appId, '2026-11-19T23:30:00Z', { to: [M1111] });
  const partial = await sendAt(a.api, a.appId, '2026-11-20T08:00:00Z', { to: [ORANGE, M2222] });
  await dispatchNow(delivered, failed, partial);
  const processing = await sendAt(a.api, a.appId, '2026-11-20T09:00:00Z', { to: [VODACOM], sending_type: 'scheduled', scheduled_dates: DATES });
  await dispatchNow(processing);
  const paused = await sendAt(a.api, a.appId, '2026-11-20T10:00:00Z', { to: [ORANGE], sending_type: 'scheduled', scheduled_dates: DATES });
  await a.api.messages.control({ id: paused, action: 'pause' });
  const cancelled = await sendAt(a.api, a.appId, '2026-11-21T08:00:00Z', {
    to: [VODACOM],
    sending_type: 'recurring',
    recurring_schedule: { start_date: '2026-12-01', end_date: '2026-12-03', frequency: 'daily', interval: 1, times: ['08:00'] },
  });
  await a.api.messages.control({ id: cancelled, action: 'cancel' });
  // two sends at the very same instant: the id breaks the tie
  const tieA = await sendAt(a.api, a.appId, '2026-11-21T09:00:00Z', { to: ['0990001234'] });
  const tieB = await sendAt(a.api, a.appId, '2026-11-21T09:00:00Z', { to: ['0990001235'] });
  const pending = await sendAt(a.api, a.appId, '2026-11-21T09:30:00Z', { to: [VODACOM] });
  const foreign = await sendAt(b.api, b.appId, '2026-11-21T09:45:00Z', { to: [VODACOM] });

  const [tie1, tie2] = [tieA, tieB].sort().reverse(); // newest first: id descending on a tie
  const newestFirst = [pending, tie1, tie2, cancelled, paused, processing, partial, failed, delivered];
  const ids = async (input: Parameters<Api['messages']['list']>[0]) => (await a.api.messages.list(input)).items.map((i) => i.message_id);

  it('lists the organization’s sends newest first, with status and counters of GET /status', async () => {
    const page = await a.api.messages.list({ limit: 100 });
    expect(page.items.map((i) => i.message_id)).toEqual(newestFirst);
    expect(page).toMatchObject({ next_cursor: null, prev_cursor: null, timezone: 'Africa/Kinshasa' });
    const byId = Object.fromEntries(page.items.map((i) => [i.message_id, i]));
    expect(byId[partial]).toMatchObject({ status: 'partially_delivered', delivered: 1, failed: 1, pending: 0, first_recipient: ORANGE, body_preview: 'Hello', total_cost: 0.039 });
    expect(byId[processing]).toMatchObject({ status: 'processing', delivered: 1, pending: 1, dispatches_done: 1, sending_type: 'scheduled' });
    expect(byId[cancelled]).toMatchObject({ status: 'cancelled', cancelled: 3, pending: 0 });
    expect(byId[tie1].first_recipient).toMatch(/^\+24399000123[45]$/);
    expect(page.items.map((i) => i.message_id)).not.toContain(foreign);
  });

  it("shows each send's first recipient (its first dispatch's), also for a send written before first ids were kept", async () => {
    const expected = { [partial]: ORANGE, [processing]: VODACOM, [paused]: ORANGE, [cancelled]: VODACOM, [pending]: VODACOM, [delivered]: VODACOM, [failed]: M1111 };
    const firsts = async () => Object.fromEntries((await a.api.messages.list({ limit: 100 })).items.map((i) => [i.message_id, i.first_recipient]));
    expect(await firsts()).toMatchObject(expected);
    // two sends as a database from before migration 0044 holds them: their rows' ids in block 0, no first id kept
    const block = sql`((1::bigint << 40) - 1)`;
    const [{ high }] = await deps.db.execute<{ high: string }>(sql`select (min(id) & ~${block})::text as high from message_recipients where message_id = ${processing}`);
    await deps.db.execute(sql`update message_recipients set id = id & ${block} where message_id in (${processing}, ${partial})`);
    await deps.db.execute(sql`update message_dispatches set first_recipient_id = null where message_id in (${processing}, ${partial})`);
    try {
      expect(await firsts()).toMatchObject(expected);
    } finally {
      await deps.db.execute(sql`update message_recipients set id = id | ${high}::bigint where message_id in (${processing}, ${partial})`);
      await deps.db.execute(sql`
        update message_dispatches d set first_recipient_id = (select min(r.id) from message_recipients r where r.dispatch_id = d.id)
         where d.message_id in (${processing}, ${partial})`);
    }
  });

  it('filters by every aggregate status exactly (the SQL agrees with toMessageStatus)', async () => {
    const expected: Record<string, string[]> = {
      pending: [pending, tie1, tie2],
      processing: [processing],
      delivered: [delivered],
      failed: [failed],
      partially_delivered: [partial],
      paused: [paused],
      cancelled: [cancelled],
    };
    for (const status of MESSAGE_STATUSES) {
      const page = await a.api.messages.list({ status, limit: 100 });
      expect(page.items.map((i) => i.message_id), status).toEqual(expected[status]);
      expect(page.items.every((i) => i.status === status)).toBe(true);
    }
  });

  it('filters by sending type, local date range (merchant timezone) and phone', async () => {
    expect(await ids({ sending_type: 'scheduled' })).toEqual([paused, processing]);
    expect(await ids({ sending_type: 'recurring' })).toEqual([cancelled]);
    expect(await ids({ from: '2026-11-20', to: '2026-11-20' })).toEqual([paused, processing, partial, failed]);
    expect(await ids({ to: '2026-11-19' })).toEqual([delivered]);
    expect(await ids({ from: '2026-11-21' })).toEqual([pending, tie1, tie2, cancelled]);
    expect(await ids({ phone: '5555' })).toEqual([pending, cancelled, paused, processing, partial, delivered]);
    expect(await ids({ phone: '0840005555' })).toEqual([paused, partial]); // national form, normalized
    expect(await ids({ phone: '1111', status: 'failed', sending_type: 'immediate' })).toEqual([failed]);
    expect(await ids({ phone: '99999' })).toEqual([]);
    expect((await rejection(a.api.messages.list({ phone: 'ab1' }))).fieldErrors).toEqual([{ field: 'phone', message: 'Type at least 3 digits of the number.' }]);
    expect((await rejection(a.api.messages.list({ from: '2026-11-21', to: '2026-11-20' }))).fieldErrors[0].field).toBe('to');
  });

  it('keyset pages: forward and back, exact, through a tie, never repeating or skipping', async () => {
    const seen: string[] = [];
    const pages: Array<Awaited<ReturnType<Api['messages']['list']>>> = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await a.api.messages.list({ limit: 2, cursor });
      pages.push(page);
      seen.push(...page.items.map((i) => i.message_id));
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
    }
    expect(seen).toEqual(newestFirst);
    expect(pages.map((p) => p.items.length)).toEqual([2, 2, 2, 2, 1]);
    expect(pages[0].prev_cursor).toBeNull();
    expect(pages.slice(1).every((p) => p.prev_cursor !== null)).toBe(true);
    // back from the last page, one page at a time, to the first
    let back = pages[pages.length - 1];
    for (let i = pages.length - 2; i >= 0; i--) {
      back = await a.api.messages.list({ limit: 2, cursor: back.prev_cursor!, direction: 'prev' });
      expect(back.items.map((x) => x.message_id)).toEqual(pages[i].items.map((x) => x.message_id));
      expect(back.next_cursor).not.toBeNull();
    }
    expect(back.prev_cursor).toBeNull();
    // one at a time across the tie
    const one = await a.api.messages.list({ limit: 1, cursor: pages[0].next_cursor! });
    expect(one.items.map((i) => i.message_id)).toEqual([tie2]);
    // filters hold across pages
    const p1 = await a.api.messages.list({ limit: 1, status: 'pending' });
    const p2 = await a.api.messages.list({ limit: 1, status: 'pending', cursor: p1.next_cursor! });
    const p3 = await a.api.messages.list({ limit: 1, status: 'pending', cursor: p2.next_cursor! });
    expect([...p1.items, ...p2.items, ...p3.items].map((i) => i.message_id)).toEqual([pending, tie1, tie2]);
    expect(p3.next_cursor).toBeNull();
    expect((await rejection(a.api.messages.list({ cursor: 'garbage' }))).fieldErrors[0].field).toBe('cursor');
  });

  it('never shows another organization’s sends', async () => {
    expect((await b.api.messages.list({})).items.map((i) => i.message_id)).toEqual([foreign]);
    expect((await b.api.messages.list({ phone: '5555' })).items.map((i) => i.message_id)).toEqual([foreign]);
    // a cursor taken from A's pages gives B nothing of A's
    const aPage = await a.api.messages.list({ limit: 1 });
    expect((await b.api.messages.list({ cursor: aPage.next_cursor! })).items.map((i) => i.message_id)).toEqual([]);
  });
});

describe("a row's text (D24)", async () => {
  const c = await readyMerchant(deps, { prepaid: '10' });
  const eighty = 'x'.repeat(79) + 'y';
  const long = await sendAt(c.api, c.appId, '2026-11-22T08:00:00Z', { to: [VODACOM], message: `${eighty}z` });
  const exact = await sendAt(c.api, c.appId, '2026-11-22T08:01:00Z', { to: [VODACOM], message: eighty });
  // a send accepted before migration 0049: its text on its row, no key
  const old = await sendAt(c.api, c.appId, '2026-11-22T08:02:00Z', { to: [VODACOM] });
  await deps.db.execute(sql`update messages set body = 'Texte de 2025', first_recipient_id = null where id = ${old}`);
  await deps.db.execute(sql`delete from message_texts where message_id = ${old}`);
  // a send whose text the retention dropped (its month's message_texts partition is gone): its row stays
  const dropped = await sendAt(c.api, c.appId, '2026-11-22T08:03:00Z', { to: [ORANGE, VODACOM], message: 'Parti' });
  await deps.db.execute(sql`delete from message_texts where message_id = ${dropped}`);

  it('shows 80 characters at most (79 and an ellipsis past them), from message_texts or, before 0049, from the row', async () => {
    const items = Object.fromEntries((await c.api.messages.list({ limit: 10 })).items.map((i) => [i.message_id, i.body_preview]));
    expect(items).toEqual({ [long]: `${'x'.repeat(79)}…`, [exact]: eighty, [old]: 'Texte de 2025', [dropped]: null });
  });

  it('shows no text once dropped, and still its first recipient', async () => {
    const [row] = (await c.api.messages.list({ limit: 1 })).items;
    expect(row).toMatchObject({ message_id: dropped, body_preview: null, first_recipient: ORANGE, total_recipients: 2 });
  });
});

describe("the page's texts and first recipients on the plan cache", async () => {
  const one = oneConnectionDb();
  const d = await readyMerchant(deps, { prepaid: '10' });
  const sent: string[] = [];
  for (let i = 0; i < 3; i++) sent.unshift(await sendAt(d.api, d.appId, `2026-11-23T08:0${i}:00Z`, { to: [i === 1 ? ORANGE : VODACOM], message: `Texte ${i}` }));
  const [org] = await deps.db.execute<{ timezone: string; default_country: string }>(sql`select timezone, default_country from organizations where id = ${d.organizationId}`);

  it('reads them in one statement that runs on a generic plan after its first executions; the page statement reads no text', async () => {
    const list = () => listMessages(one, { id: d.organizationId, timezone: org.timezone, defaultCountry: org.default_country }, {}, { direction: 'next', limit: 25 });
    let page = await list();
    for (let i = 0; i < 7; i++) page = await list();
    expect(page.items.map((i) => [i.message_id, i.body_preview, i.first_recipient])).toEqual([
      [sent[0], 'Texte 2', VODACOM],
      [sent[1], 'Texte 1', ORANGE],
      [sent[2], 'Texte 0', VODACOM],
    ]);
    // (the plan cache tries 5 custom plans first, then compares)
    expect(await planCounts(one, 'jsonb_to_recordset(', 'from "message_texts" t', 'from "message_recipients" r')).toEqual({ generic: 3, custom: 5 });
    expect(await planCounts(one, 'from "messages"', 'message_texts')).toBeUndefined();
  });
});
