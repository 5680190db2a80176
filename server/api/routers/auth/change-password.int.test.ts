import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog } from '@/db/schema';
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

  it(`allows ${PASSWORD_CHANGE_ATTEMPTS_PER_MINUTE} wrong current passwords a minute, then asks to wait, even for the right one`, async () => {
    const { api, user } = await signedUpCaller(deps);
    for (let i = 0; i < PASSWORD_CHANGE_ATTEMPTS_PER_MINUTE; i++) {
      expect((await api.auth.changePassword({ currentPassword: `guess-${i}`, newPassword: 'a-new-password-2' }).catch((e) => e)).code).toBe('BAD_REQUEST');
    }
    const limited = await api.auth.changePassword({ currentPassword: 'guess-x', newPassword: 'a-new-password-2' }).catch((e) => e);
    expect(limited.code).toBe('TOO_MANY_REQUESTS');
    expect(limited.message).toMatch(/^Too many wrong passwords\. Try again in \d+ s\.$/);
    // The right password still works: only wrong guesses are counted.
    expect(await api.auth.changePassword({ currentPassword: passwordOf(user), newPassword: 'a-new-password-2' })).toEqual({ changed: true });
  });

  it('needs a signed-in user', async () => {
    const err = await callerAs(deps, null).auth.changePassword({ currentPassword: 'x', newPassword: 'a-new-password-3' }).catch((e) => e);
    expect(err.code).toBe('UNAUTHORIZED');
  });
});
