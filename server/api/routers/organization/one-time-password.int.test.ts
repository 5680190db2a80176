import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '@/db/schema';
import { verifyCredentials } from '@/server/domain/users/accounts';
import { callerAs, sessionUserOf, signedUpCaller } from '@/tests/dashboard-helpers';
import { closePools, testDeps } from '@/tests/helpers';
import { refused } from '@/tests/team-helpers';

const deps = testDeps();
const { db } = deps;
afterAll(closePools);

async function newMember() {
  const owner = await signedUpCaller(deps);
  const email = `member-${owner.user.id.slice(4, 12).toLowerCase()}@example.com`;
  const added = await owner.api.organization.addMember({ email, name: 'New Member', role: 'developer' });
  return { owner, email, userId: added.member.user_id, oneTime: added.one_time_password! };
}

describe('one-time passwords of added members', () => {
  it('sign in for 24 h only', async () => {
    const m = await newMember();
    const [row] = await db.select().from(users).where(eq(users.id, m.userId));
    expect(row.mustChangePassword).toBe(true);
    const hours = (row.passwordExpiresAt!.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect(await verifyCredentials(db, m.email, m.oneTime)).toMatchObject({ id: m.userId, mustChangePassword: true });
    expect(await verifyCredentials(db, m.email, m.oneTime, new Date(Date.now() + 24 * 3_600_000 + 1000))).toBeNull();
  });

  it('until replaced, every procedure but changePassword refuses; afterwards the one-time password is dead', async () => {
    const m = await newMember();
    const api = callerAs(deps, await sessionUserOf(deps, m.userId));
    const msg = /^Replace your one-time password before anything else\.$/;
    await refused(api.organization.get(), 'FORBIDDEN', msg);
    await refused(api.organization.listMembers(), 'FORBIDDEN', msg);
    await refused(api.auth.changePassword({ currentPassword: 'not-it-at-all', newPassword: 'my-own-password-1' }), 'BAD_REQUEST');
    expect(await api.auth.changePassword({ currentPassword: m.oneTime, newPassword: 'my-own-password-1' })).toEqual({ changed: true });

    const after = await sessionUserOf(deps, m.userId);
    expect(after.mustChangePassword).toBe(false);
    expect((await callerAs(deps, after).organization.get()).id).toBe(m.owner.organizationId);
    // The owner, who saw the one-time password, can no longer sign in with it (and its sessions ended: version moved on).
    expect(await verifyCredentials(db, m.email, m.oneTime)).toBeNull();
    const [row] = await db.select().from(users).where(eq(users.id, m.userId));
    expect([row.sessionVersion, row.passwordExpiresAt]).toEqual([1, null]);
  });

  it('removing a member ends their sessions', async () => {
    const m = await newMember();
    await m.owner.api.organization.removeMember({ userId: m.userId });
    const [row] = await db.select().from(users).where(eq(users.id, m.userId));
    expect(row.sessionVersion).toBe(1);
  });
});

describe('operator.revokeSessions', () => {
  it('ends every session of a user, audited; operators only; unknown users are 404', async () => {
    const op = await signedUpCaller(deps, { operator: true });
    const target = await signedUpCaller(deps);
    expect(await op.api.operator.revokeSessions({ userId: target.user.id })).toEqual({ revoked: true });
    expect(await op.api.operator.revokeSessions({ userId: target.user.id })).toEqual({ revoked: true });
    const [row] = await db.select().from(users).where(eq(users.id, target.user.id));
    expect(row.sessionVersion).toBe(2);
    const audit = await db.select().from(auditLog).where(eq(auditLog.targetId, target.user.id));
    expect(audit.filter((a) => a.action === 'user.sessions_revoked').map((a) => [a.actor, a.targetType, a.details])).toEqual([
      [`user:${op.user.id}`, 'user', { email: target.user.email, session_version: 1 }],
      [`user:${op.user.id}`, 'user', { email: target.user.email, session_version: 2 }],
    ]);
    await refused(target.api.operator.revokeSessions({ userId: op.user.id }), 'FORBIDDEN', /^Operators only\.$/);
    await refused(op.api.operator.revokeSessions({ userId: 'usr_doesnotexist' }), 'NOT_FOUND', /^No such user\.$/);
  });
});
