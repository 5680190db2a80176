import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/db/client';
import { users } from '@/db/schema';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { ApiError } from '@/shared/errors/api-error';

/**
 * Revocable sessions. A session is a JWT carrying the user's session version
 * of when it was issued; `currentUser()` compares it with the row on every
 * request, so bumping the version signs every existing session out at once.
 */
export async function bumpSessionVersion(tx: DbOrTx, userId: string): Promise<void> {
  await tx.update(users).set({ sessionVersion: sql`${users.sessionVersion} + 1` }).where(eq(users.id, userId));
}

/**
 * Sign-out: the user's other sessions end too. Only a current session can do
 * it (a stale token signing out changes nothing, so it cannot end the
 * sessions its owner opened since).
 */
export async function endSessionsOnSignOut(db: DbOrTx, userId: string, version: number): Promise<void> {
  await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(and(eq(users.id, userId), eq(users.sessionVersion, version)));
}

/** The operator console's "Revoke sessions": every session of the user ends; audited. */
export async function revokeSessions(db: Db, input: { userId: string; actor: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [u] = await tx
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, input.userId))
      .returning({ email: users.email, version: users.sessionVersion });
    if (!u) throw new ApiError('NOT_FOUND', { message: 'No such user.' });
    await recordAudit(tx, {
      actor: input.actor,
      action: 'user.sessions_revoked',
      targetType: 'user',
      targetId: input.userId,
      details: { email: u.email, session_version: u.version },
    });
  });
}
