import { randomBytes } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@/db/schema';
import { signUp } from '@/server/domain/users/accounts';
import { SIGN_IN_FAILURES_PER_ADDRESS, SIGN_IN_FAILURES_PER_EMAIL, SignInThrottled, signInWithPassword } from '@/server/domain/users/sign-in';
import * as passwords from '@/server/lib/passwords';
import { closePools, testDeps } from '@/tests/helpers';

vi.mock('@/server/lib/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/server/lib/passwords')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

const deps = testDeps();
const { db } = deps;
afterAll(closePools);
const scrypts = vi.mocked(passwords.verifyPassword);
beforeEach(() => {
  scrypts.mockClear();
});

async function account() {
  const tag = randomBytes(4).toString('hex');
  const email = `signin-${tag}@example.com`;
  const password = `password-${tag}`;
  const { userId } = await signUp(db, { email, name: 'S', password, organizationName: 'S Org' });
  return { email, password, userId };
}
const address = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250)).join('.')}`;
const attempt = (email: string, password: string, addr: string | null) =>
  signInWithPassword(db, { email, password, address: addr }).then(
    (u) => (u ? 'ok' : 'wrong'),
    (e) => (e instanceof SignInThrottled ? 'throttled' : Promise.reject(e)),
  );

describe('sign-in throttling', () => {
  it(`per email: ${SIGN_IN_FAILURES_PER_EMAIL} failures a minute, then refused even with the right password, without hashing`, async () => {
    const a = await account();
    const started = Date.now();
    for (let i = 0; i < SIGN_IN_FAILURES_PER_EMAIL; i++) expect(await attempt(a.email, `wrong-${i}`, address())).toBe('wrong');
    expect(scrypts).toHaveBeenCalledTimes(SIGN_IN_FAILURES_PER_EMAIL);
    scrypts.mockClear();
    expect(await attempt(a.email.toUpperCase(), a.password, address())).toBe('throttled');
    expect(await attempt(a.email, 'wrong-x', address())).toBe('throttled');
    expect(scrypts).not.toHaveBeenCalled();
    const e = await signInWithPassword(db, { email: a.email, password: a.password, address: null }).catch((x) => x);
    expect(e).toBeInstanceOf(SignInThrottled);
    expect(e.message).toBe('TooManyAttempts');
    // the window opened with the first failure: what is left of its minute (hashing takes longer on a loaded machine)
    expect(e.retryAfter).toBeGreaterThanOrEqual(60 - Math.ceil((Date.now() - started) / 1000) - 1);
    expect(e.retryAfter).toBeLessThanOrEqual(60);
  });

  it('an unknown email is throttled exactly like a known one (the answer tells nothing about the account)', async () => {
    const ghost = `ghost-${randomBytes(4).toString('hex')}@example.com`;
    for (let i = 0; i < SIGN_IN_FAILURES_PER_EMAIL; i++) expect(await attempt(ghost, `wrong-${i}`, address())).toBe('wrong');
    expect(await attempt(ghost, 'wrong-x', address())).toBe('throttled');
  });

  it(`per address: ${SIGN_IN_FAILURES_PER_ADDRESS} failures a minute over any emails, then refused, even a right password of another account`, async () => {
    const addr = address();
    const victims = await Promise.all([account(), account(), account()]);
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ADDRESS; i++) expect(await attempt(victims[i % 3].email, `wrong-${i}`, addr)).toBe('wrong');
    const other = await account();
    scrypts.mockClear();
    expect(await attempt(other.email, other.password, addr)).toBe('throttled');
    expect(scrypts).not.toHaveBeenCalled();
    // Another address is not touched, and the refused attempt did not count against the account's email.
    expect(await attempt(other.email, other.password, address())).toBe('ok');
  });

  it('only failures count: a right password gives its slots back', async () => {
    const a = await account();
    const addr = address();
    for (let i = 0; i < SIGN_IN_FAILURES_PER_EMAIL - 1; i++) expect(await attempt(a.email, `wrong-${i}`, addr)).toBe('wrong');
    for (let i = 0; i < 5; i++) expect(await attempt(a.email, a.password, addr)).toBe('ok');
    expect(await attempt(a.email, 'wrong-last', addr)).toBe('wrong');
    expect(await attempt(a.email, a.password, addr)).toBe('throttled');
  });

  it('a password longer than any allowed is a failure without hashing', async () => {
    const a = await account();
    expect(await attempt(a.email, 'x'.repeat(1_000_000), address())).toBe('wrong');
    expect(scrypts).not.toHaveBeenCalled();
  });

  it('an email or password the database cannot hold (NUL, a lone surrogate) is a failure, never a database error', async () => {
    const a = await account();
    for (const [email, password] of [
      [`${a.email}\u0000`, a.password],
      [`a\ud800@example.com`, a.password],
      [a.email, `${a.password}\u0000`],
      [a.email, `${a.password}\udc00`],
    ]) {
      expect(await attempt(email, password, address())).toBe('wrong');
    }
    expect(scrypts).not.toHaveBeenCalled();
    expect(await attempt(a.email, a.password, address())).toBe('ok');
  });

  it('an expired password (one-time, after 24 h) fails like a wrong one', async () => {
    const a = await account();
    await db.update(users).set({ passwordExpiresAt: new Date(Date.now() - 1000) }).where(eq(users.id, a.userId));
    expect(await attempt(a.email, a.password, address())).toBe('wrong');
    await db.update(users).set({ passwordExpiresAt: new Date(Date.now() + 60_000) }).where(eq(users.id, a.userId));
    expect(await attempt(a.email, a.password, address())).toBe('ok');
  });
});
