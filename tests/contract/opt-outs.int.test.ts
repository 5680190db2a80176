import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePools, makeMerchant, restClient, testDeps } from '../helpers';

/**
 * D19, the opt-out list over REST: GET, POST and DELETE /opt-outs, exact
 * bodies per endpoint and status, each organization seeing and changing only
 * its own list, every change audited.
 */
const deps = testDeps();
const db = deps.db;
const call = restClient(deps);
afterAll(closePools);

let m: Awaited<ReturnType<typeof makeMerchant>>;
let other: Awaited<ReturnType<typeof makeMerchant>>;

beforeAll(async () => {
  m = await makeMerchant(db, deps.env);
  other = await makeMerchant(db, deps.env);
});

const post = (body: unknown, key = m.apiKey) => call('POST', '/opt-outs', { key, body });
const get = (query = '', key = m.apiKey) => call('GET', `/opt-outs${query}`, { key });
const del = (phone: string, key = m.apiKey) => call('DELETE', `/opt-outs/${encodeURIComponent(phone)}`, { key });
const phonesOf = (res: { body: { data: { items: Array<{ phone: string }> } } }) => res.body.data.items.map((i) => i.phone);
/** Spreads created_at (one statement's rows share a moment) so the order is known: later in `phones`, newer. */
async function dated(organizationId: string, phones: string[]) {
  for (const [i, p] of phones.entries()) {
    await db.execute(sql`update opt_outs set created_at = ${`2026-11-${10 + i}T08:00:00.123456Z`}::timestamptz where organization_id = ${organizationId} and phone = ${p}`);
  }
}

describe('POST /opt-outs', () => {
  it('200: adds every new phone (source api, normalized like POST /send), then counts the listed ones as already', async () => {
    const first = await post({ phones: ['+243 81 000 0001', '0810000002', '243810000003', '0810000002'], reason: 'Asked by phone' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status_code: 200, data: { added: 3, already: 0 } });
    expect(first.headers.get('ratelimit-limit')).toBe('30');
    const again = await post({ phones: ['+243810000001', '+243810000004'] });
    expect(again.body).toEqual({ status_code: 200, data: { added: 1, already: 1 } });
    const listed = await get('?phone=%2B243810000001');
    expect(listed.body.data.items).toEqual([{ phone: '+243810000001', source: 'api', reason: 'Asked by phone', created_at: expect.any(String) }]);
    expect((await get('?phone=0810000004')).body.data.items[0]).toMatchObject({ phone: '+243810000004', source: 'api', reason: null });
  });

  it('is audited: who, what, how many', async () => {
    const rows = await db.execute<{ actor: string; details: Record<string, unknown> }>(
      sql`select actor, details from audit_log where organization_id = ${m.organizationId} and action = 'opt_out.add' order by id`,
    );
    expect(rows.map((r) => r.actor)).toEqual([`api:${m.appId}`, `api:${m.appId}`]);
    expect(rows[1].details).toEqual({ source: 'api', added: 1, already: 1, phones: ['+243810000001', '+243810000004'] });
  });

  const ok = '+243810000009';
  it.each([
    ['an invalid phone names its index', { phones: [ok, 'abc', ok, '12'] }, '1110', ['phones[1]', 'phones[3]']],
    ['a phone over 32 characters', { phones: ['1'.repeat(33)] }, '1110', ['phones[0]']],
    ['no phones', { phones: [] }, '1110', ['phones']],
    ['over 1000 phones', { phones: Array.from({ length: 1001 }, () => ok) }, '1121', ['phones']],
    ['phones absent', { reason: 'x' }, '1101', ['phones']],
    ['phones not an array', { phones: ok }, '1100', ['phones']],
    ['a phone not a string', { phones: [243810000009] }, '1100', ['phones[0]']],
    ['a reason over 200 characters', { phones: [ok], reason: 'é'.repeat(201) }, '1110', ['reason']],
    ['a reason with a NUL character', { phones: [ok], reason: 'a\u0000b' }, '1110', ['reason']],
  ])('400: %s', async (_, body, code, fields) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, status_code: 400, error_code: code });
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(fields);
    expect((await get(`?phone=${encodeURIComponent(ok)}`)).body.data.items).toEqual([]);
  });

  it('400 1100: a body that is not JSON', async () => {
    const res = await call('POST', '/opt-outs', { key: m.apiKey, rawBody: '{"phones":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, status_code: 400, error_code: '1100' });
  });

  it('a reason of exactly 200 characters and 1000 phones are accepted', async () => {
    const phones = Array.from({ length: 1000 }, (_, i) => `+24382${String(i).padStart(7, '0')}`);
    const res = await post({ phones, reason: 'é'.repeat(200) }, other.apiKey);
    expect(res.body).toEqual({ status_code: 200, data: { added: 1000, already: 0 } });
    await db.execute(sql`delete from opt_outs where organization_id = ${other.organizationId}`);
  });
});

describe('GET /opt-outs', () => {
  const phones = ['+243830000001', '+243830000002', '+243830000003', '+243830000004', '+243830000005'];
  let org: Awaited<ReturnType<typeof makeMerchant>>;
  beforeAll(async () => {
    org = await makeMerchant(db, deps.env);
    expect((await post({ phones }, org.apiKey)).body.data).toEqual({ added: 5, already: 0 });
    await dated(org.organizationId, phones);
  });

  it('newest first, exact items, in the status bucket', async () => {
    const res = await get('', org.apiKey);
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-limit')).toBe('120');
    expect(res.body).toEqual({
      status_code: 200,
      data: {
        items: [...phones].reverse().map((phone, i) => ({ phone, source: 'api', reason: null, created_at: `2026-11-${14 - i}T08:00:00.123Z` })),
        next_cursor: null,
      },
    });
  });

  it('cursor pages cover the list once, in order, then next_cursor is null', async () => {
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(`?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, org.apiKey);
      expect(res.status).toBe(200);
      sizes.push(res.body.data.items.length);
      seen.push(...phonesOf(res));
      cursor = res.body.data.next_cursor;
    } while (cursor);
    expect(sizes).toEqual([2, 2, 1]);
    expect(seen).toEqual([...phones].reverse());
  });

  it('ties on created_at still page once each (phone breaks the tie)', async () => {
    await db.execute(sql`update opt_outs set created_at = '2026-11-20T08:00:00Z' where organization_id = ${org.organizationId}`);
    const first = await get('?limit=3', org.apiKey);
    const second = await get(`?limit=3&cursor=${encodeURIComponent(first.body.data.next_cursor)}`, org.apiKey);
    expect([...phonesOf(first), ...phonesOf(second)]).toEqual([...phones].reverse());
    expect(second.body.data.next_cursor).toBeNull();
    await dated(org.organizationId, phones);
  });

  it.each([
    ['phone=%2B243830000002', ['+243830000002']],
    ['phone=0830000003', ['+243830000003']],
    ['phone=243830000004', ['+243830000004']],
    ['phone=0830000009', []],
  ])('filter %s', async (query, expected) => {
    expect(phonesOf(await get(`?${query}`, org.apiKey))).toEqual(expected);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['phone=abc', 'phone'],
    [`phone=${'1'.repeat(33)}`, 'phone'],
    ['cursor=not-a-cursor', 'cursor'],
  ])('%s: 400, 1110 naming %s', async (query, field) => {
    const res = await get(`?${query}`, org.apiKey);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, status_code: 400, error_code: '1110' });
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
  });

  it('needs the app-key', async () => {
    expect(await call('GET', '/opt-outs')).toMatchObject({ status: 401, body: { detail: 'Missing app-key header. Please provide a valid app-key.' } });
  });
});

describe('DELETE /opt-outs/{phone}', () => {
  let org: Awaited<ReturnType<typeof makeMerchant>>;
  beforeAll(async () => {
    org = await makeMerchant(db, deps.env);
    await post({ phones: ['+243840000001', '+243840000002'], reason: 'Old customer' }, org.apiKey);
    await db.execute(sql`insert into opt_outs (organization_id, phone, source) values (${org.organizationId}, '+243840000003', 'keyword')`);
  });

  it.each([
    ['200: a listed phone, E.164', '+243840000001', 200, { status_code: 200, data: { phone: '+243840000001', source: 'api', reason: 'Old customer', created_at: expect.any(String) } }],
    ['404: the same phone again', '+243840000001', 404, { detail: 'Not found' }],
    ['200: a listed phone, national', '0840000002', 200, { status_code: 200, data: { phone: '+243840000002', source: 'api', reason: 'Old customer', created_at: expect.any(String) } }],
    ['404: never listed', '+243840000009', 404, { detail: 'Not found' }],
    ['404: not a phone', 'abc', 404, { detail: 'Not found' }],
    [
      '409 1131: the subscriber opted out by keyword',
      '+243840000003',
      409,
      {
        success: false,
        status_code: 409,
        error_code: '1131',
        message: "This phone opted out by replying STOP: only the subscriber's own START can remove it.",
        detail: "This phone opted out by replying STOP: only the subscriber's own START can remove it.",
      },
    ],
  ])('%s', async (_, phone, status, body) => {
    const res = await del(phone, org.apiKey);
    expect(res.status).toBe(status);
    expect(res.body).toEqual(body);
  });

  it('removals are audited; the keyword entry stays', async () => {
    const rows = await db.execute<{ details: Record<string, unknown> }>(
      sql`select details from audit_log where organization_id = ${org.organizationId} and action = 'opt_out.remove' order by id`,
    );
    expect(rows.map((r) => r.details)).toEqual([
      { phone: '+243840000001', source: 'api' },
      { phone: '+243840000002', source: 'api' },
    ]);
    expect(phonesOf(await get('', org.apiKey))).toEqual(['+243840000003']);
  });

  it("a raw '+' in the path is the phone's own (not a space)", async () => {
    await post({ phones: ['+243840000004'] }, org.apiKey);
    const res = await call('DELETE', '/opt-outs/+243840000004', { key: org.apiKey });
    expect(res).toMatchObject({ status: 200, body: { data: { phone: '+243840000004', source: 'api' } } });
  });

  it('counts against the control bucket', async () => {
    expect((await del('+243840000009', org.apiKey)).headers.get('ratelimit-limit')).toBe('30');
  });
});

describe('tenant isolation', () => {
  it("another organization's list is never visible or changeable", async () => {
    const a = await makeMerchant(db, deps.env);
    const b = await makeMerchant(db, deps.env);
    await post({ phones: ['+243850000001'], reason: 'A only' }, a.apiKey);
    expect((await get('', b.apiKey)).body.data).toEqual({ items: [], next_cursor: null });
    expect((await get('?phone=%2B243850000001', b.apiKey)).body.data.items).toEqual([]);
    expect(await del('+243850000001', b.apiKey)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    // B listing the same phone is B's own entry: A's stays as it was.
    expect((await post({ phones: ['+243850000001'] }, b.apiKey)).body.data).toEqual({ added: 1, already: 0 });
    expect((await get('', a.apiKey)).body.data.items).toEqual([{ phone: '+243850000001', source: 'api', reason: 'A only', created_at: expect.any(String) }]);
    expect((await get('', b.apiKey)).body.data.items).toEqual([{ phone: '+243850000001', source: 'api', reason: null, created_at: expect.any(String) }]);
  });
});
