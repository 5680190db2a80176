import { and, asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/db/client';
import { memberships, users, type Role } from '@/db/schema';
import type { AddMemberResult, MemberView } from '@/shared/contracts/organization';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { normalizeEmail } from '@/server/domain/users/accounts';
import { bumpSessionVersion } from '@/server/domain/users/sessions';
import { ApiError } from '@/shared/errors/api-error';
import { validationError } from '@/shared/errors/validation';
import { newId, randomBase62 } from '@/server/lib/ids';
import { hashPassword } from '@/server/lib/passwords';

/**
 * The team of an organization: owners manage it, an organization always keeps
 * at least one owner. Every change locks the organization's memberships first,
 * so two owners demoting each other at once cannot leave it without one.
 */
export async function listMembers(db: DbOrTx, organizationId: string, youId: string): Promise<MemberView[]> {
  const rows = await db
    .select({ userId: users.id, name: users.name, email: users.email, role: memberships.role, joinedAt: memberships.createdAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, organizationId))
    .orderBy(asc(memberships.createdAt), asc(users.email));
  return rows.map((r) => ({ user_id: r.userId, name: r.name, email: r.email, role: r.role, joined_at: r.joinedAt.toISOString(), is_you: r.userId === youId }));
}

async function lockTeam(tx: DbOrTx, organizationId: string) {
  return tx.select({ userId: memberships.userId, role: memberships.role }).from(memberships).where(eq(memberships.organizationId, organizationId)).for('update');
}

type Actor = { organizationId: string; actor: string; youId: string };

/** How long a one-time password signs in: after that the owner adds the person again... or an operator helps. */
export const ONE_TIME_PASSWORD_HOURS = 24;

/**
 * An existing account gets a membership; an unknown email gets a new account
 * with a one-time password (returned once): it signs in for
 * ONE_TIME_PASSWORD_HOURS, and only to replace it (mustChangePassword).
 */
export async function addMember(db: Db, input: Actor & { email: string; name: string; role: Role; now: Date }): Promise<AddMemberResult> {
  const email = normalizeEmail(input.email);
  const oneTime = randomBase62(16);
  const hash = await hashPassword(oneTime);
  return db.transaction(async (tx) => {
    const team = await lockTeam(tx, input.organizationId);
    let [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    let created = false;
    if (user && team.some((m) => m.userId === user.id)) {
      throw validationError([{ field: 'email', code: 'INVALID_FIELD_FORMAT', message: 'This person is already a member.' }]);
    }
    if (!user) {
      if (input.name === '') throw validationError([{ field: 'name', code: 'MISSING_FIELD', message: 'Enter their name: no account exists for this email yet.' }]);
      user = { id: newId('usr') };
      await tx.insert(users).values({
        id: user.id,
        email,
        name: input.name,
        passwordHash: hash,
        mustChangePassword: true,
        passwordExpiresAt: new Date(input.now.getTime() + ONE_TIME_PASSWORD_HOURS * 3_600_000),
      });
      created = true;
    }
    await tx.insert(memberships).values({ userId: user.id, organizationId: input.organizationId, role: input.role });
    await recordAudit(tx, {
      actor: input.actor,
      action: 'member.add',
      targetType: 'membership',
      targetId: user.id,
      organizationId: input.organizationId,
      details: { email, role: input.role, account_created: created },
    });
    const member = (await listMembers(tx, input.organizationId, input.youId)).find((m) => m.user_id === user.id)!;
    return { member, one_time_password: created ? oneTime : null };
  });
}

function assertOwnerRemains(team: Array<{ userId: string; role: Role }>, userId: string, nextRole: Role | null) {
  const target = team.find((m) => m.userId === userId);
  if (!target) throw new ApiError('NOT_FOUND', { message: 'This person is not a member.' });
  const ownersAfter = team.filter((m) => (m.userId === userId ? nextRole === 'owner' : m.role === 'owner')).length;
  if (ownersAfter === 0) {
    throw new ApiError('LAST_OWNER');
  }
  return target;
}

export async function changeMemberRole(db: Db, input: Actor & { userId: string; role: Role }): Promise<MemberView> {
  return db.transaction(async (tx) => {
    const target = assertOwnerRemains(await lockTeam(tx, input.organizationId), input.userId, input.role);
    await tx
      .update(memberships)
      .set({ role: input.role })
      .where(and(eq(memberships.organizationId, input.organizationId), eq(memberships.userId, input.userId)));
    await recordAudit(tx, {
      actor: input.actor,
      action: 'member.change_role',
      targetType: 'membership',
      targetId: input.userId,
      organizationId: input.organizationId,
      details: { from: target.role, to: input.role },
    });
    return (await listMembers(tx, input.organizationId, input.youId)).find((m) => m.user_id === input.userId)!;
  });
}

/** The membership goes, and every session of the person ends (in every organization: they sign in again). */
export async function removeMember(db: Db, input: Actor & { userId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const target = assertOwnerRemains(await lockTeam(tx, input.organizationId), input.userId, null);
    await tx.delete(memberships).where(and(eq(memberships.organizationId, input.organizationId), eq(memberships.userId, input.userId)));
    await bumpSessionVersion(tx, input.userId);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'member.remove',
      targetType: 'membership',
      targetId: input.userId,
      organizationId: input.organizationId,
      details: { role: target.role },
    });
  });
}
