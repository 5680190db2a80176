import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '@/db/schema';
import { PASSWORD_CHANGE_ATTEMPTS_PER_MINUTE, verifyCredentials } from '@/server/domain/users/accounts';
import { callerAs, signedUpCaller } from '@/tests/dashboard-helpers';
import { closePools, testDeps } from '@/tests/helpers';

const deps = testDeps();
afterAll(closePools);

const passwordOf = (user: { email: string }) => `password-${user.email.slice(5, 13)}`; // as signedUpCaller makes it

describe('auth.changePassword', () => {
  it('needs the current password; then only the new one signs in, and the change is audited', async () => {
    const { api, user } = await signedUpCaller(deps);
    const old = passwordOf(user);
    expect(await verifyCredentials(deps.db, user.email, old)).toMatchObject({ id: user.id });

    const wrong = await api.auth.changePassword({ currentPassword: 'not-the-password', newPassword: 'a-new-password-1' }).catch((e) => e);
    expect(wrong.code).toBe('BAD_REQUEST');
    expect(wrong.cause.options.errors).toEqual([{ field: 'currentPassword', message: 'This is not your current password.' }]);
    expect(await verifyCredentials(deps.db, user.email, old)).not.toBeNull();

    expect(await api.auth.changePassword({ currentPassword: old, newPassword: 'a-new-password-1' })).toEqual({ changed: true });
    expect(await verifyCredentials(deps.db, user.email, old)).toBeNull();
    expect(await verifyCredentials(deps.db, user.email, 'a-new-password-1')).toMatchObject({ id: user.id });
    const audit = await deps.db.select().from(auditLog).where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'user.password_changed')));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain('a-new-password-1');
  });

  it('refuses a short new password, or the same one, with field errors', async () => {
    const { api, user } = await signedUpCaller(deps);
    const short = await api.auth.changePassword({ currentPassword: passwordOf(user), newPassword: 'short' }).catch((e) => e);
    expect(short.code).toBe('BAD_REQUEST');
    expect(short.cause.issues.map((i: { path: string[]; message: string }) => [i.path.join('.'), i.message])).toEqual([['newPassword', 'Use at least 10 characters.']]);
    const same = await api.auth.changePassword({ currentPassword: passwordOf(user), newPassword: passwordOf(user) }).catch((e) => e);
    expect(same.code).toBe('BAD_REQUEST');
    expect(same.cause.issues.map((i: { path: string[]; message: string }) => [i.path.join('.'), i.message])).toEqual([['newPassword', 'Choose a password different from the current one.']]);
  });

  it(`allows ${PASSWORD_CHANGE_ATTEMPTS_PER_MINUTE} wrong current passwords a minute, then asks to wait before checking it: the right one is refused too`, async () => {
    const { api, user } = await signedUpCaller(deps);
    for (let i = 0; i < PASSWORD_CHANGE_ATTEMPTS_PER_MINUTE; i++) {
      expect((await api.auth.changePassword({ currentPassword: `guess-${i}`, newPassword: 'a-new-password-2' }).catch((e) => e)).code).toBe('BAD_REQUEST');
    }
    const limited = await api.auth.changePassword({ currentPassword: 'guess-x', newPassword: 'a-new-password-2' }).catch((e) => e);
    expect(limited.code).toBe('TOO_MANY_REQUESTS');
    expect(limited.message).toMatch(/^Too many wrong passwords\. Try again in \d+ s\.$/);
    // The limit is checked before the password: a locked-out guesser cannot tell a right guess from a wrong one.
    const right = await api.auth.changePassword({ currentPassword: passwordOf(user), newPassword: 'a-new-password-2' }).catch((e) => e);
    expect(right.code).toBe('TOO_MANY_REQUESTS');
    // The same answer, but for the wait, which may tick down by a second between the two calls (a CI run saw 60 then 59).
    const wait = (m: string) => Number(/ in (\d+) s\.$/.exec(m)?.[1]);
    expect(right.message.replace(/\d+/, 'N')).toBe(limited.message.replace(/\d+/, 'N'));
    expect(wait(limited.message) - wait(right.message)).toBeGreaterThanOrEqual(0);
    expect(wait(limited.message) - wait(right.message)).toBeLessThanOrEqual(1);
    expect(await verifyCredentials(deps.db, user.email, passwordOf(user))).toMatchObject({ id: user.id });
    expect(await verifyCredentials(deps.db, user.email, 'a-new-password-2')).toBeNull();
  });

  it('counts only wrong current passwords: a right one gives its slot back', async () => {
    const { api, user } = await signedUpCaller(deps);
    for (let i = 0; i < PASSWORD_CHANGE_ATTEMPTS_PER_MINUTE - 1; i++) {
      expect((await api.auth.changePassword({ currentPassword: `guess-${i}`, newPassword: 'a-new-password-4' }).catch((e) => e)).code).toBe('BAD_REQUEST');
    }
    expect(await api.auth.changePassword({ currentPassword: passwordOf(user), newPassword: 'a-new-password-4' })).toEqual({ changed: true });
    // One wrong try left in the window (4 used), then the wait.
    expect((await api.auth.changePassword({ currentPassword: 'guess-y', newPassword: 'a-new-password-5' }).catch((e) => e)).code).toBe('BAD_REQUEST');
    expect((await api.auth.changePassword({ currentPassword: 'guess-z', newPassword: 'a-new-password-5' }).catch((e) => e)).code).toBe('TOO_MANY_REQUESTS');
  });

  it('ends every session of the user and turns a one-time password into an ordinary one', async () => {
    const { api, user } = await signedUpCaller(deps);
    await deps.db.update(users).set({ mustChangePassword: true, passwordExpiresAt: new Date(Date.now() + 3_600_000) }).where(eq(users.id, user.id));
    const before = await verifyCredentials(deps.db, user.email, passwordOf(user));
    expect(before).toMatchObject({ mustChangePassword: true, sessionVersion: 0 });
    expect(await api.auth.changePassword({ currentPassword: passwordOf(user), newPassword: 'a-new-password-6' })).toEqual({ changed: true });
    const [row] = await deps.db.select().from(users).where(eq(users.id, user.id));
    expect([row.sessionVersion, row.mustChangePassword, row.passwordExpiresAt]).toEqual([1, false, null]);
  });

  it('applies the password policy, email rule included (each message exact)', async () => {
    const { api, user } = await signedUpCaller(deps);
    const issues = async (newPassword: string) => {
      const e = await api.auth.changePassword({ currentPassword: passwordOf(user), newPassword }).catch((x) => x);
      expect(e.code).toBe('BAD_REQUEST');
      return e.cause.issues ? e.cause.issues.map((i: { path: string[]; message: string }) => [i.path.join('.'), i.message]) : e.cause.options.errors.map((i: { field: string; message: string }) => [i.field, i.message]);
    };
    expect(await issues('x'.repeat(129))).toEqual([['newPassword', 'Use at most 128 characters.']]);
    expect(await issues('7'.repeat(12))).toEqual([['newPassword', 'Do not use one character repeated.']]);
    expect(await issues(user.email.toUpperCase())).toEqual([['newPassword', 'Do not use your email address as your password.']]);
    expect(await issues(user.email.split('@')[0])).toEqual([['newPassword', 'Do not use your email address as your password.']]);
    expect(await verifyCredentials(deps.db, user.email, passwordOf(user))).toMatchObject({ id: user.id });
  });

  it('needs a signed-in user', async () => {
    const err = await callerAs(deps, null).auth.changePassword({ currentPassword: 'x', newPassword: 'a-new-password-3' }).catch((e) => e);
    expect(err.code).toBe('UNAUTHORIZED');
  });
});
