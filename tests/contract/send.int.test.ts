import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { closePools, makeMerchant, restClient, testClock, testDeps } from '../helpers';

const clock = testClock(new Date('2026-11-21T10:00:00.000Z'));
const deps = testDeps({ clock: clock.now });
const call = restClient(deps);
afterAll(closePools);

const VODACOM = '+243812345678'; // 0.0200
const ORANGE = '+243841234567'; // 0.0190
const AIRTEL = '0971234567'; // national, 0.0180
const send = (key: string, body: unknown, headers?: Record<string, string>) => call('POST', '/send', { key, body, headers });

async function balances(orgId: string) {
  const rows = await deps.db.execute<{ type: string; balance: string; ledger: string }>(sql`
    select w.type, w.balance, coalesce((select sum(amount) from wallet_ledger l where l.wallet_id = w.id), 0)::numeric(18,4) as ledger
      from wallets w where w.organization_id = ${orgId} order by w.type`);
  for (const r of rows) expect(r.balance).toBe(r.ledger); // every balance equals its ledger
  return Object.fromEntries(rows.map((r) => [r.type, r.balance]));
}

describe('POST /send: accepted sends', () => {
  it('immediate: 201, exact cost per destination network, one transaction of rows and a queued dispatch', async () => {
    const m = await makeMerchant(deps.db, deps.env, { prepaid: '10' });
    const res = await send(m.apiKey, { to: [VODACOM, ORANGE, AIRTEL], message: 'Hello' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      status_code: 201,
      data: {
        message_id: expect.stringMatching(/^msg_[0-9A-Za-z]{22}$/),
        total_recipients: 3,
        suppressed_recipients: 0,
        unroutable_recipients: 0,
        total_messages: 3,
        total_cost: 0.057,
        currency: 'USD',
        status: 'pending',
        sending_type: 'immediate',
        encoding: 'gsm7',
        smart_encoding: { mode: 'off', applied: false, replaced_characters: 0 },
      },
    });
    expect(res.headers.get('ratelimit-limit')).toBe('60');
    expect(await balances(m.organizationId)).toEqual({ SVC_SMS: '9.9430' });
    const id = res.body.data.message_id;
    const rows = await deps.db.execute<{ phone: string; price: string; state: string }>(
      sql`select phone, price, state from message_recipients where message_id = ${id} order by position`,
    );
    expect(rows.map((r) => [r.phone, r.price, r.state])).toEqual([
      ['+243812345678', '0.0200', 'pending'],
      ['+243841234567', '0.0190', 'pending'],
      ['+243971234567', '0.0180', 'pending'],
    ]);
    // an immediate dispatch is queued as it is, without a moment and without a job (runDueDispatches)
    const dispatch = await deps.db.execute<{ id: string; state: string; dispatch_at: Date | null }>(sql`select id, state, dispatch_at from message_dispatches where message_id = ${id}`);
    expect(dispatch.map((d) => [d.state, d.dispatch_at])).toEqual([['scheduled', null]]);
    const jobs = await deps.db.execute<{ task_identifier: string }>(sql`select task_identifier from graphile_worker.jobs where key = ${dispatch[0].id}`);
    expect(jobs).toEqual([]);
  });

  it("smart_encoding (D21): absent follows the organization's setting; named, it wins; a text it cannot make GSM-7 goes unchanged", async () => {
    const m = await makeMerchant(deps.db, deps.env, { prepaid: '10' });
    const text = 'Prête — à 10 h…';
    const asV1 = await send(m.apiKey, { to: [VODACOM], message: text });
    expect(asV1.body.data).toMatchObject({ total_messages: 1, encoding: 'ucs2', smart_encoding: { mode: 'off', applied: false, replaced_characters: 0 } });
    await deps.db.execute(sql`update organizations set smart_encoding = 'transliterate' where id = ${m.organizationId}`);
    const byOrg = await send(m.apiKey, { to: [VODACOM], message: text });
    expect(byOrg.body.data).toMatchObject({ encoding: 'gsm7', smart_encoding: { mode: 'transliterate', applied: true, replaced_characters: 3 } });
    const lookalikes = await send(m.apiKey, { to: [VODACOM], message: 'Prête — à 10 h…', smart_encoding: 'lookalikes' });
    expect(lookalikes.body.data).toMatchObject({ encoding: 'ucs2', smart_encoding: { mode: 'lookalikes', applied: false, replaced_characters: 0 } });
    const emoji = await send(m.apiKey, { to: [VODACOM], message: 'Prête 😀' });
    expect(emoji.body.data).toMatchObject({ encoding: 'ucs2', smart_encoding: { mode: 'transliterate', applied: false, replaced_characters: 0 } });
    const rows = await deps.db.execute<{ body: string; original_body: string | null }>(
      sql`select t.body, t.original_body from messages m join message_texts t on t.message_id = m.id
           where organization_id = ${m.organizationId} order by created_at, id`,
    );
    expect(rows.find((r) => r.original_body !== null)).toEqual({ body: 'Prete - à 10 h...', original_body: text });
    const bad = await send(m.apiKey, { to: [VODACOM], message: text, smart_encoding: 'on' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error_code: '1110' });
    expect(bad.body.errors).toEqual([{ field: 'smart_encoding', message: "must be one of 'off', 'lookalikes', 'transliterate'" }]);
  });

  it('multi-segment and UCS-2 messages multiply the cost by segments', async () => {
    const m = await makeMerchant(deps.db, deps.env, { prepaid: '10' });
    const gsm = await send(m.apiKey, { to: [VODACOM, VODACOM], message: 'a'.repeat(161) });
    expect(gsm.body.data).toMatchObject({ total_recipients: 2, total_messages: 4, total_cost: 0.08 });
    const ucs = await send(m.apiKey, { to: [VODACOM], message: 'Привет '.repeat(11) });
    expect(ucs.body.data).toMatchObject({ total_recipients: 1, total_messages: 2, total_cost: 0.04 });
  });

  it('a number matching no pricing row pays the default price', async () => {
    const m = await makeMerchant(deps.db, deps.env, { prepaid: '10', defaultPrice: '0.0500' });
    const res = await send(m.apiKey, { to: ['+14155552671'], message: 'hi' });
    expect(res.body.data.total_cost).toBe(0.05);
  });

  it('scheduled: every pair is a dispatch, read in the merchant timezone, whole cost charged at submit', async () => {
    const m = await makeMerchant(deps.db, deps.env, { prepaid: '10' });
    const res = await send(m.apiKey, {
      to: [VODACOM, ORANGE],
      message: 'Reminder',
      sending_type: 'scheduled',
      scheduled_dates: [
        { date: '2026-11-22', time: '09:00' },
        { date: '2026-11-21', time: '12:30' },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ total_recipients: 2, total_messages: 4, total_cost: 0.078, sending_type: 'scheduled' });
    const d = await deps.db.execute<{ seq: number; dispatch_at: Date }>(
      sql`select seq, dispatch_at from message_dispatches where message_id = ${res.body.data.message_id} order by seq`,
    );
    expect(d.map((r) => new Date(r.dispatch_at).toISOString())).toEqual(['2026-11-21T11:30:00.000Z', '2026-11-22T08:00:00.000Z']);
    const status = await call('GET', `/status/${res.body.data.message_id}`, { key: m.apiKey });
    expect(status.body.data).toMatchObject({ status: 'pending', total_recipients: 2, pending: 4, delivered: 0, failed: 0, dispatches_total: 2, next_dispatch_at: '2026-11-21T11:30:00.000Z' });
  });

  it('recurring: occurrences expanded in the merchant timezone; 1000 x 20 dispatch rows written as a set', async () => {
    const m = await makeMerchant(deps.db, deps.env, { prepaid: '1000' });
    const rec = await send(m.apiKey, {
      to: [VODACOM],
      message: 'Daily',
      sending_type: 'recurring',
      recurring_schedule: { start_date: '2026-11-21', end_date: '2026-11-25', frequency: 'daily', interval: 2, times: ['09:00', '18:00'] },
    });
    // 2026-11-21 09:00 local (08:00Z) is past at 10:00Z; then 21 18:00, 23 09:00/18:00, 25 09:00/18:00
    expect(rec.body.data).toMatchObject({ total_messages: 5, total_cost: 0.1, sending_type: 'recurring' });
    const to = Array.from({ length: 1000 }, (_, i) => `+2438120${String(i).padStart(5, '0')}`);
    const big = await send(m.apiKey, {
      to,
      message: 'x',
      sending_type: 'scheduled',
      scheduled_dates: Array.from({ length: 20 }, (_, i) => ({ date: '2026-12-01', time: `${String(8 + Math.floor(i / 10)).padStart(2, '0')}:${String((i % 10) * 5).padStart(2, '0')}` })),
    });
    expect(big.status).toBe(201);
    expect(big.body.data).toMatchObject({ total_recipients: 1000, total_messages: 20000, total_cost: 400 });
    const [{ n }] = await deps.db.execute<{ n: number }>(sql`select count(*)::int as n from message_recipients where message_id = ${big.body.data.message_id}`);
    expect(n).toBe(20000);
  });

  it('prepaid pays first, postpaid the rest, all in one send', async () => {
    const m = await makeMerchant(deps.db, deps.env, { prepaid: '0.03', postpaid: '1' });
    const res = await send(m.apiKey, { to: [VODACOM, VODACOM, VODACOM], message: 'x' }); // 0.06
    expect(res.status).toBe(201);
    expect(await balances(m.organizationId)).toEqual({ SVC_POST_PAID: '0.9700', SVC_SMS: '0.0000' });
    const ledger = await deps.db.execute<{ entry_type: string; amount: string; message_id: string }>(sql`
      select l.entry_type, l.amount, l.message_id from wallet_ledger l join wallets w on w.id = l.wallet_id
       where w.organization_id = ${m.organizationId} and l.entry_type = 'charge' order by w.type`);
    expect(ledger.map((l) => [l.entry_type, l.amount, l.message_id])).toEqual([
      ['charge', '-0.0300', res.body.data.message_id],
      ['charge', '-0.0300', res.body.data.message_id],
    ]);
  });

  it('1202 (402) leaves every balance and table untouched, webhook rows and jobs included', async () => {
    const m = await makeMerchant(deps.db, deps.env, { prepaid: '0.01', postpaid: '0.02' });
    // With a webhook, the event pipelined beside the charge goes on writing its delivery and job: all rolled back.
    await deps.db.execute(sql`update gateway_apps set webhook_url = 'https://hooks.example/sms' where id = ${m.appId}`);
    const jobs = async () => (await deps.db.execute<{ n: number }>(sql`select count(*)::int as n from graphile_worker.jobs`))[0].n;
    const jobsBefore = await jobs();
    const res = await send(m.apiKey, { to: [VODACOM, VODACOM], message: 'x' }); // 0.04 > 0.03
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ success: false, status_code: 402, error_code: '1202' });
    expect(res.body.message).toBe('Insufficient balance: this send costs 0.0400 and the wallets hold 0.0300.');
    expect(await balances(m.organizationId)).toEqual({ SVC_POST_PAID: '0.0200', SVC_SMS: '0.0100' });
    const [rows] = await deps.db.execute<{ messages: number; events: number; deliveries: number; ledger: number }>(sql`
      select (select count(*)::int from messages where organization_id = ${m.organizationId}) as messages,
             (select count(*)::int from webhook_events where organization_id = ${m.organizationId}) as events,
             (select count(*)::int from webhook_deliveries where organization_id = ${m.organizationId}) as deliveries,
             (select count(*)::int from wallet_ledger where organization_id = ${m.organizationId} and entry_type = 'charge') as ledger`);
    expect(rows).toEqual({ messages: 0, events: 0, deliveries: 0, ledger: 0 });
    expect(await jobs()).toBe(jobsBefore);
  });

  it('50 parallel sends against a wallet that affords exactly 10: exactly 10 succeed, balance exactly 0', async () => {
    const m = await makeMerchant(deps.db, deps.env, { prepaid: '0.2' }); // 10 x 0.02
    const results = await Promise.all(Array.from({ length: 50 }, () => send(m.apiKey, { to: [VODACOM], message: 'race' })));
    const byStatus = results.reduce<Record<number, number>>((a, r) => ((a[r.status] = (a[r.status] ?? 0) + 1), a), {});
    expect(byStatus).toEqual({ 201: 10, 402: 40 });
    expect(await balances(m.organizationId)).toEqual({ SVC_SMS: '0.0000' });
    const [{ n }] = await deps.db.execute<{ n: number }>(sql`select count(*)::int as n from messages where organization_id = ${m.organizationId}`);
    expect(n).toBe(10);
  });
});

describe('Idempotency-Key (D12)', () => {
  it('replays the first answer for the same key and body, charging once; 1409 for another body', async () => {
    const m = await makeMerchant(deps.db, deps.env, { prepaid: '1' });
    const body = { to: [VODACOM], message: 'once' };
    const first = await send(m.apiKey, body, { 'idempotency-key': 'order-42' });
    const again = await send(m.apiKey, { message: 'once', to: [VODACOM] }, { 'idempotency-key': 'order-42' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await balances(m.organizationId)).toEqual({ SVC_SMS: '0.9800' });
    const conflict = await send(m.apiKey, { to: [VODACOM], message: 'twice' }, { 'idempotency-key': 'order-42' });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ success: false, status_code: 409, error_code: '1409' });
    clock.advance(24 * 3600 * 1000 + 1);
    const later = await send(m.apiKey, body, { 'idempotency-key': 'order-42' });
    expect(later.body.data.message_id).not.toBe(first.body.data.message_id);
    clock.set(new Date('2026-11-21T10:00:00.000Z'));
  });

  it('concurrent requests with one key charge once', async () => {
    const m = await makeMerchant(deps.db, deps.env, { prepaid: '1' });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => send(m.apiKey, { to: [VODACOM], message: 'dup' }, { 'idempotency-key': 'k-concurrent' })),
    );
    expect(new Set(results.map((r) => r.body.data.message_id)).size).toBe(1);
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(await balances(m.organizationId)).toEqual({ SVC_SMS: '0.9800' });
  });

  it('keys are per app: another merchant may use the same key', async () => {
    const a = await makeMerchant(deps.db, deps.env, { prepaid: '1' });
    const b = await makeMerchant(deps.db, deps.env, { prepaid: '1' });
    const ra = await send(a.apiKey, { to: [VODACOM], message: 'a' }, { 'idempotency-key': 'shared' });
    const rb = await send(b.apiKey, { to: [VODACOM], message: 'b' }, { 'idempotency-key': 'shared' });
    expect(ra.status).toBe(201);
    expect(rb.status).toBe(201);
    expect(ra.body.data.message_id).not.toBe(rb.body.data.message_id);
  });
});

describe('GET /status/{message_id}', () => {
  it('counters of a fresh immediate send, and 404 for unknown and foreign ids', async () => {
    const a = await makeMerchant(deps.db, deps.env, { prepaid: '1' });
    const b = await makeMerchant(deps.db, deps.env, { prepaid: '1' });
    const sent = await send(a.apiKey, { to: [VODACOM, ORANGE], message: 'x' });
    const id = sent.body.data.message_id;
    const res = await call('GET', `/status/${id}`, { key: a.apiKey });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status_code: 200,
      data: {
        message_id: id,
        status: 'pending',
        total_recipients: 2,
        delivered: 0,
        failed: 0,
        pending: 2,
        cancelled: 0,
        created_at: '2026-11-21T10:00:00.000Z',
        updated_at: '2026-11-21T10:00:00.000Z',
        sending_type: 'immediate',
        total_messages: 2,
        total_cost: 0.039,
        currency: 'USD',
        dispatches_total: 1,
        dispatches_done: 0,
        next_dispatch_at: '2026-11-21T10:00:00.000Z',
        refunded_amount: 0,
      },
    });
    expect(res.headers.get('ratelimit-limit')).toBe('120');
    for (const [key, mid] of [
      [b.apiKey, id],
      [a.apiKey, 'msg_doesnotexist'],
      [a.apiKey, 'x'.repeat(300)],
    ]) {
      const r = await call('GET', `/status/${mid}`, { key });
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ detail: 'Message not found' });
    }
  });
});
