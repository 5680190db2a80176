import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { auditLog, users } from '@/db/schema';
import type { AuditEntryView } from '@/shared/contracts/operator';
import { takePage } from '@/server/domain/pagination/keyset';

/**
 * The audit log, newest first, keyed by id; optionally one organization's entries only. The cursor is the last id
 * shown, a number the contract checks (AuditPage): there is no cursor to misread.
 */
export async function listAudit(
  db: DbOrTx,
  q: { organizationId?: string; cursor?: number; limit: number },
): Promise<{ entries: AuditEntryView[]; next_cursor: number | null }> {
  const where: SQL[] = [];
  if (q.organizationId) where.push(eq(auditLog.organizationId, q.organizationId));
  if (q.cursor) where.push(lt(auditLog.id, q.cursor));
  const rows = await db
    .select({ a: auditLog, email: users.email })
    .from(auditLog)
    .leftJoin(users, sql`${auditLog.actor} = 'user:' || ${users.id}`)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(q.limit + 1);
  const { shown, last, more } = takePage(rows, q.limit);
  return {
    entries: shown.map(({ a, email }) => ({
      id: a.id,
      created_at: a.createdAt.toISOString(),
      actor: a.actor,
      actor_email: email,
      action: a.action,
      target_type: a.targetType,
      target_id: a.targetId,
      organization_id: a.organizationId,
      details: a.details ?? {},
    })),
    next_cursor: more && last ? last.a.id : null,
  };
}
