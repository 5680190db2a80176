import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { newId } from '@/server/lib/ids';
import { hashPassword } from '@/server/lib/passwords';
import { assertPasswordAllowed, normalizeEmail } from './accounts';

export type OperatorResult = { userId: string; email: string; created: boolean };

/**
 * The operator console's people. A new email becomes an operator account with
 * this password; an existing account is flagged as operator and keeps its
 * password (it is never overwritten from the command line). Audited.
 */
export async function createOperator(db: Db, input: { email: string; name: string; password: string; actor: string }): Promise<OperatorResult> {
  const email = normalizeEmail(input.email);
  assertPasswordAllowed(input.password, email, 'password');
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id, isOperator: users.isOperator }).from(users).where(eq(users.email, email)).for('update');
    const userId = existing?.id ?? newId('usr');
    if (existing) {
      await tx.update(users).set({ isOperator: true, updatedAt: new Date() }).where(eq(users.id, userId));
    } else {
      await tx.insert(users).values({ id: userId, email, name: input.name, passwordHash, isOperator: true });
    }
    await recordAudit(tx, {
      actor: input.actor,
      action: existing ? 'operator.grant' : 'operator.create',
      targetType: 'user',
      targetId: userId,
      details: { email, was_operator: existing?.isOperator ?? false },
    });
    return { userId, email, created: !existing };
  });
}
