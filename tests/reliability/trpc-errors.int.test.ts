import { afterAll, describe, expect, it, vi } from 'vitest';
import { createDb } from '@/db/client';
import { handleTrpcRequest } from '@/server/api/trpc-endpoint';
import type { Deps } from '@/server/api/trpc';
import { signedUpCaller } from '@/tests/dashboard-helpers';
import { closePools, testDeps } from '@/tests/helpers';

/**
 * Issue 10, point 8: over the dashboard's tRPC endpoint, expected errors answer
 * their catalogue status and text (a duplicate email was a 500 before: the
 * public tier did not translate catalogue errors), and an unexpected error is
 * a 500 whose message carries a request id that the error log line repeats.
 * A database that does not answer is a 503 with Retry-After (issue 39).
 */
const deps = testDeps();
afterAll(closePools);

type Answer = { status: number; error: { message: string; data: { code: string; httpStatus: number; fieldErrors: unknown } } };

async function post(path: string, input: unknown, user: Awaited<ReturnType<typeof signedUpCaller>>['user'] | null = null, d: Deps = deps): Promise<Answer> {
  const req = new Request(`http://localhost/api/trpc/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) });
  const res = await handleTrpcRequest(req, d, user);
  return { status: res.status, ...(await res.json()) };
}

async function get(path: string, input: unknown, user: Awaited<ReturnType<typeof signedUpCaller>>['user'] | null, d: Deps = deps): Promise<Answer> {
  const req = new Request(`http://localhost/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`);
  const res = await handleTrpcRequest(req, d, user);
  return { status: res.status, ...(await res.json()) };
}

describe('tRPC answers catalogue errors with their status', () => {
  it('sign-up with an email already taken: 400 and the field error, not 500', async () => {
    const { user } = await signedUpCaller(deps);
    const res = await post('auth.signUp', { email: user.email.toUpperCase(), name: 'Again', password: 'another-long-password', organizationName: 'Dup' });
    expect(res.status).toBe(400);
    expect(res.error.data.code).toBe('BAD_REQUEST');
    expect(res.error.message).toBe('A field has an invalid format.');
    expect(res.error.data.fieldErrors).toEqual([{ field: 'email', message: 'An account with this email already exists.' }]);
  });

  it('a merchant procedure without a session: 401 "Please sign in."', async () => {
    const res = await get('organization.get', undefined, null);
    expect(res.status).toBe(401);
    expect(res.error).toMatchObject({ message: 'Please sign in.', data: { code: 'UNAUTHORIZED' } });
  });

  it("another organization's message: 404, the same answer as an unknown id", async () => {
    const { user } = await signedUpCaller(deps);
    const res = await get('messages.get', { id: 'msg_00000000000000000000000000' }, user);
    expect(res.status).toBe(404);
    expect(res.error.data.code).toBe('NOT_FOUND');
  });

  it('an operator procedure for a merchant: 403 "Operators only."', async () => {
    const { user } = await signedUpCaller(deps);
    const res = await get('operator.listMerchants', {}, user);
    expect(res.status).toBe(403);
    expect(res.error).toMatchObject({ message: 'Operators only.', data: { code: 'FORBIDDEN' } });
  });

  it('an unexpected failure: 500 with a request id, logged once with the same id and the cause', async () => {
    const { user } = await signedUpCaller(deps);
    // A pool whose every statement fails with an error that is not a lost connection.
    const failing = new Proxy(deps.db, {
      get: (target, key) => (key === 'select' || key === 'execute' ? () => { throw new Error('boom: not a connection error'); } : Reflect.get(target, key)),
    });
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
    try {
      const res = await get('organization.get', undefined, user, { ...deps, db: failing });
      expect(res.status).toBe(500);
      expect(res.error.data.code).toBe('INTERNAL_SERVER_ERROR');
      const m = /^Something went wrong\. Please try again\. \(request ([0-9a-f]{12})\)$/.exec(res.error.message);
      expect(m, res.error.message).not.toBeNull();
      const logged = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'dashboard request failed');
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ level: 'error', requestId: m![1], path: 'organization.get' });
      expect(JSON.stringify(logged[0].error)).toMatch(/boom: not a connection error/);
      expect(JSON.stringify(res)).not.toMatch(/boom|\n\s+at /);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('tRPC while the database does not answer (issue 39): 503 with Retry-After, never a 500', () => {
  const unavailable = { message: 'The service is temporarily unavailable. Please try again.', data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 } };

  it('a procedure whose statements cannot reach the database', async () => {
    const { user } = await signedUpCaller(deps);
    const dead = createDb('postgres://postgres@127.0.0.1:1/nowhere', { max: 1 });
    try {
      const req = new Request(`http://localhost/api/trpc/organization.get`);
      const res = await handleTrpcRequest(req, { ...deps, db: dead }, user);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect((await res.json()).error).toMatchObject(unavailable);
    } finally {
      await dead.$client.end({ timeout: 1 });
    }
  });

  it('the signed-in user cannot be looked up', async () => {
    const lost = Object.assign(new Error('write CONNECTION_CLOSED 127.0.0.1:5432'), { code: 'CONNECTION_CLOSED' });
    const req = new Request(`http://localhost/api/trpc/organization.get,messages.list?batch=1&input=${encodeURIComponent('{"0":null,"1":{}}')}`);
    const res = await handleTrpcRequest(req, deps, () => Promise.reject(lost));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    const body = (await res.json()) as Array<{ error: unknown }>;
    expect(body).toHaveLength(2);
    for (const call of body) expect(call.error).toMatchObject(unavailable);
  });
});
