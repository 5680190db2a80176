import { request } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_FAIL_LIMIT } from '@/server/domain/rate-limits/auth-throttle';
import { closePools, makeMerchant, testDeps } from '../helpers';
import { ensureBuild, startService, type Service } from './service';
import { slowClient } from './slow-client';

/**
 * Issue 10, points 1 and 9, against the built service (`npm start`, 160 MB of
 * heap): no route reads an unbounded body (413 before parsing), JSON nested
 * deeper than 32 levels is refused before JSON.parse, tRPC batches are at most
 * 10 procedures, the app-key procedures are not on /api/trpc, slow clients
 * are cut off, and the client address in X-Forwarded-For is the socket's
 * (TRUST_PROXY=off) or the hop the proxy appended (on). The process answers
 * /health 200 throughout.
 */
const deps = testDeps();
const db = deps.db;
const MB5 = 5 * 1024 * 1024;
let svc: Service;
let appKey: string;

beforeAll(async () => {
  await ensureBuild();
  svc = await startService();
  appKey = (await makeMerchant(db, deps.env, { prepaid: '10' })).apiKey;
}, 300_000);
afterAll(async () => {
  await svc?.stop();
  await closePools();
});

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: string; ms: number };

/**
 * One request on its own socket (node:http, not fetch): the answer even when the
 * server answers before the body is sent. `chunked`: no Content-Length.
 */
function raw(origin: string, method: string, path: string, opts: { headers?: Record<string, string>; body?: Buffer | string; chunked?: boolean } = {}): Promise<Raw> {
  const t0 = performance.now();
  const body = opts.body === undefined ? undefined : Buffer.from(opts.body);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (body && opts.chunked) headers['transfer-encoding'] = 'chunked';
    else if (body) headers['content-length'] = String(body.length);
    const req = request(`${origin}${path}`, { method, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text, ms: performance.now() - t0 }));
      res.on('error', reject);
    });
    // Once the answer is in, a refused upload may end with EPIPE/ECONNRESET on our side: not the answer.
    req.on('error', reject);
    if (body) for (let i = 0; i < body.length; i += 64 * 1024) req.write(body.subarray(i, i + 64 * 1024));
    req.end();
  });
}

const json = (r: Raw) => JSON.parse(r.body);
async function health(): Promise<number> {
  return (await raw(svc.origin, 'GET', '/api/v1/svc/sms-api/health')).status;
}
const signUp = (email: string) => ({ name: 'Ann', email, password: 'correct horse battery staple', organizationName: 'Ann Ltd' });

describe('bodies over the route limit: 413 before anything parses them', () => {
  const big = Buffer.alloc(MB5, '['.charCodeAt(0));

  it('/api/trpc (tRPC error shape), declared and chunked', async () => {
    for (const chunked of [false, true]) {
      const res = await raw(svc.origin, 'POST', '/api/trpc/auth.signUp', { headers: { 'content-type': 'application/json' }, body: big, chunked });
      expect([res.status, res.headers.connection, res.headers['content-type']]).toEqual([413, 'close', 'application/json; charset=utf-8']);
      expect(json(res)).toEqual({
        error: { message: 'The request body is larger than 64 KB.', code: -32013, data: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 413, fieldErrors: null } },
      });
    }
    expect(await health()).toBe(200);
  });

  it("next-auth's credentials callback and the organization switch ({error, message})", async () => {
    const form = Buffer.from(`email=a%40b.c&password=${'x'.repeat(MB5)}`);
    for (const path of ['/api/auth/callback/credentials', '/api/dashboard/organization']) {
      for (const chunked of [false, true]) {
        const res = await raw(svc.origin, 'POST', path, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form, chunked });
        expect([path, chunked, res.status]).toEqual([path, chunked, 413]);
        expect(json(res)).toEqual({ error: 'Payload Too Large', message: 'The request body is larger than 16 KB.' });
      }
    }
    expect(await health()).toBe(200);
  });

  it('REST keeps its 1103 envelope', async () => {
    for (const chunked of [false, true]) {
      const res = await raw(svc.origin, 'POST', '/api/v1/svc/sms-api/send', { headers: { 'app-key': appKey, 'content-type': 'application/json' }, body: big, chunked });
      expect(res.status).toBe(413);
      expect(json(res)).toMatchObject({ success: false, status_code: 413, error_code: '1103' });
    }
    expect(await health()).toBe(200);
  });

  it('a body within the limit still reaches its handler (tRPC sign-up, next-auth sign-in)', async () => {
    const up = await raw(svc.origin, 'POST', '/api/trpc/auth.signUp', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(signUp('ann@example.com')) });
    expect(up.status).toBe(200);
    expect(json(up)).toEqual({ result: { data: { organizationId: expect.stringMatching(/^org_/) } } });
    const chunked = await raw(svc.origin, 'POST', '/api/trpc/auth.signUp', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(signUp('bob@example.com')), chunked: true });
    expect([chunked.status, json(chunked)]).toEqual([200, { result: { data: { organizationId: expect.stringMatching(/^org_/) } } }]);
    const csrf = await raw(svc.origin, 'GET', '/api/auth/csrf');
    const cookie = ([] as string[]).concat(csrf.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    const form = new URLSearchParams({ email: 'ann@example.com', password: 'correct horse battery staple', csrfToken: json(csrf).csrfToken, json: 'true' }).toString();
    const signIn = await raw(svc.origin, 'POST', '/api/auth/callback/credentials', { headers: { 'content-type': 'application/x-www-form-urlencoded', cookie }, body: form });
    expect(signIn.status).toBe(200);
    expect(([] as string[]).concat(signIn.headers['set-cookie'] ?? []).some((c) => c.startsWith('next-auth.session-token='))).toBe(true);
  });
});

describe('JSON nested deeper than 32 levels', () => {
  it('/api/trpc: 413 past 64 KB, 400 under it, and in a GET input, quickly', async () => {
    const huge = await raw(svc.origin, 'POST', '/api/trpc/auth.signUp', { headers: { 'content-type': 'application/json' }, body: '['.repeat(100_000) });
    expect(huge.status).toBe(413);
    const deep = `{"name":${'['.repeat(30_000)}${']'.repeat(30_000)}}`;
    const res = await raw(svc.origin, 'POST', '/api/trpc/auth.signUp', { headers: { 'content-type': 'application/json' }, body: deep });
    expect(res.status).toBe(400);
    expect(json(res)).toEqual({
      error: { message: 'The JSON body is nested more than 32 levels deep.', code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400, fieldErrors: null } },
    });
    const q = await raw(svc.origin, 'GET', `/api/trpc/health.get?input=${encodeURIComponent('['.repeat(5_000))}`);
    expect([q.status, json(q).error.message]).toEqual([400, 'The JSON body is nested more than 32 levels deep.']);
    for (const r of [huge, res, q]) expect(r.ms).toBeLessThan(2_000);
    expect(await health()).toBe(200);
  });

  it('REST: 1100 before parsing', async () => {
    for (const body of ['['.repeat(100_000), `{"to":${'['.repeat(100_000)}${']'.repeat(100_000)},"message":"x"}`]) {
      const res = await raw(svc.origin, 'POST', '/api/v1/svc/sms-api/send', { headers: { 'app-key': appKey, 'content-type': 'application/json' }, body });
      expect(res.status).toBe(400);
      expect(json(res)).toMatchObject({ success: false, status_code: 400, error_code: '1100', message: 'The request body is nested more than 32 levels deep.' });
      expect(res.ms).toBeLessThan(2_000);
    }
    expect(await health()).toBe(200);
  });
});

describe('tRPC batches and procedures', () => {
  it('a batch of more than 10 procedures is refused, 10 pass', async () => {
    const batch = (n: number) => `/api/trpc/${Array(n).fill('health.get').join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify({}))}`;
    const hundred = await raw(svc.origin, 'GET', batch(100));
    expect([hundred.status, json(hundred).error.message]).toEqual([400, 'A batch may call at most 10 procedures.']);
    const eleven = await raw(svc.origin, 'POST', batch(11).replace(/&input=.*/, ''), { headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(eleven.status).toBe(400);
    const ten = await raw(svc.origin, 'GET', batch(10));
    expect(ten.status).toBe(200);
    expect(json(ten)).toHaveLength(10);
  });

  it('app-key procedures answer NOT_FOUND over /api/trpc, even with a valid key, and stay on REST', async () => {
    const headers = { 'app-key': appKey, 'content-type': 'application/json' };
    const balance = await raw(svc.origin, 'GET', '/api/trpc/wallets.getBalance', { headers });
    expect([balance.status, json(balance).error.data.code, json(balance).error.message]).toEqual([404, 'NOT_FOUND', 'No procedure found on path "wallets.getBalance"']);
    const send = await raw(svc.origin, 'POST', '/api/trpc/messages.send', { headers, body: JSON.stringify({ to: ['+243812345678'], message: 'via trpc' }) });
    expect([send.status, json(send).error.data.code]).toEqual([404, 'NOT_FOUND']);
    const [{ n }] = await db.execute<{ n: number }>(sql`select count(*)::int as n from messages`);
    expect(n).toBe(0);
    expect((await raw(svc.origin, 'GET', '/api/v1/svc/sms-api/balance', { headers })).status).toBe(200);
  });
});

describe('slow clients', () => {
  it('a trickled body is cut off after 30 s (408), a trickled head after 10 s', async () => {
    const [trpc, rest, head] = await Promise.all([
      slowClient(svc.port, `POST /api/trpc/auth.signUp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":`, '          ', 1_000),
      slowClient(svc.port, `POST /api/v1/svc/sms-api/send HTTP/1.1\r\nHost: x\r\napp-key: ${appKey}\r\nContent-Length: 1000\r\n\r\n{"to":`, '          ', 1_000),
      slowClient(svc.port, 'GET /api/v1/svc/sms-api/health HTTP/1.1\r\nHost: x\r\n', 'X-Slow: aaaa\r\n', 1_000),
    ]);
    for (const r of [trpc, rest]) {
      expect(r.answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(r.ms).toBeGreaterThan(29_000);
      expect(r.ms).toBeLessThan(33_000);
    }
    expect(head.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(head.ms).toBeGreaterThan(9_000);
    expect(head.ms).toBeLessThan(13_000);
    expect(await health()).toBe(200);
  }, 60_000);
});

const badKey = (i: number) => `sk_test_${String(i).padStart(32, 'W')}`;

describe('the client address (TRUST_PROXY)', () => {
  it('off (default): a forged X-Forwarded-For does not choose the throttle bucket', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= AUTH_FAIL_LIMIT; i++) {
      const res = await raw(svc.origin, 'GET', '/api/v1/svc/sms-api/balance', { headers: { 'app-key': badKey(i), 'x-forwarded-for': `198.51.100.${i + 1}` } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(AUTH_FAIL_LIMIT).fill(401), 429]);
    const buckets = await db.execute<{ app_id: string }>(sql`select app_id from rate_limit_windows where bucket = 'auth_fail' order by app_id`);
    expect(buckets.map((b) => b.app_id)).toEqual(['ip:127.0.0.1']);
    // A valid key from the same address still passes.
    expect((await raw(svc.origin, 'GET', '/api/v1/svc/sms-api/balance', { headers: { 'app-key': appKey } })).status).toBe(200);
    expect(await health()).toBe(200);
  });

  it('on: the last hop (the one the proxy appended) is the bucket', async () => {
    const behind = await startService({ TRUST_PROXY: 'on' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i <= AUTH_FAIL_LIMIT; i++) {
        const res = await raw(behind.origin, 'GET', '/api/v1/svc/sms-api/balance', { headers: { 'app-key': badKey(100 + i), 'x-forwarded-for': `198.51.100.${i + 1}, 203.0.113.50` } });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([...Array(AUTH_FAIL_LIMIT).fill(401), 429]);
      // Another client behind the proxy has its own bucket.
      const other = await raw(behind.origin, 'GET', '/api/v1/svc/sms-api/balance', { headers: { 'app-key': badKey(999), 'x-forwarded-for': '203.0.113.51' } });
      expect(other.status).toBe(401);
      const buckets = await db.execute<{ app_id: string }>(sql`select app_id from rate_limit_windows where bucket = 'auth_fail' and app_id like 'ip:203.%' order by app_id`);
      expect(buckets.map((b) => b.app_id)).toEqual(['ip:203.0.113.50', 'ip:203.0.113.51']);
      expect((await raw(behind.origin, 'GET', '/api/v1/svc/sms-api/health')).status).toBe(200);
    } finally {
      await behind.stop();
    }
  }, 120_000);

  it('the service still answers /health 200', async () => {
    expect(await health()).toBe(200);
  });
});
