import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import { callerAs, callerFrom } from '@/tests/dashboard-helpers';
import { closePools, testDeps } from '@/tests/helpers';

const deps = testDeps();
afterAll(closePools);

const form = (password: string, email = `new-${randomBytes(4).toString('hex')}@example.com`) => ({ name: 'New Person', email, password, organizationName: 'New Co' });
const issues = (e: { code: string; cause: { issues: Array<{ path: string[]; message: string }> } }) => [e.code, e.cause.issues.map((i) => [i.path.join('.'), i.message])];

describe('auth.signUp', () => {
  it('applies the password policy, each message exact, before anything is written', async () => {
    const api = callerAs(deps, null);
    const cases: Array<[string, string | undefined, string]> = [
      ['short-one', undefined, 'Use at least 10 characters.'],
      ['p'.repeat(129), undefined, 'Use at most 128 characters.'],
      ['z'.repeat(10), undefined, 'Do not use one character repeated.'],
      ['Grace.Hopper@Example.com', 'grace.hopper@example.com', 'Do not use your email address as your password.'],
      ['GRACE.HOPPER', 'grace.hopper@example.com', 'Do not use your email address as your password.'],
    ];
    for (const [password, email, message] of cases) {
      expect(issues(await api.auth.signUp(form(password, email)).catch((e) => e))).toEqual(['BAD_REQUEST', [['password', message]]]);
    }
    expect(await deps.db.select().from(users).where(eq(users.email, 'grace.hopper@example.com'))).toEqual([]);
    // 128 characters of mixed text pass.
    expect(await api.auth.signUp(form('ab'.repeat(64)))).toMatchObject({ organizationId: expect.stringMatching(/^org_/) });
  });

  it(`allows ${deps.env.SIGN_UPS_PER_MINUTE} sign-ups a minute per client address, then asks to wait`, async () => {
    const here = callerFrom(deps, '10.20.30.40');
    for (let i = 0; i < deps.env.SIGN_UPS_PER_MINUTE; i++) expect(await here.auth.signUp(form('a-good-password'))).toMatchObject({ organizationId: expect.any(String) });
    const email = `late-${randomBytes(4).toString('hex')}@example.com`;
    const late = await here.auth.signUp(form('a-good-password', email)).catch((e) => e);
    expect(late.code).toBe('TOO_MANY_REQUESTS');
    expect(late.message).toMatch(/^Too many sign-ups from your network\. Try again in \d+ s\.$/);
    expect(await deps.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    // Another address is not touched.
    expect(await callerFrom(deps, '10.20.30.41').auth.signUp(form('a-good-password', email))).toMatchObject({ organizationId: expect.any(String) });
  });
});
