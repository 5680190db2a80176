import type { DbOrTx } from '@/db/client';
import { auditLog } from '@/db/schema';

export type AuditEntry = {
  actor: string;
  action: string;
  targetType: 'organization' | 'gateway_app' | 'wallet' | 'pricing' | 'user' | 'membership' | 'top_up_request' | 'connector' | 'route' | 'opt_out_list' | 'number' | 'sender_id' | 'platform_setting';
  targetId: string;
  organizationId?: string | null;
  /** Never a secret: callers pass flags like `{webhook_password: 'set'}`. */
  details?: Record<string, unknown>;
};

export async function recordAudit(db: DbOrTx, e: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actor: e.actor,
    action: e.action,
    targetType: e.targetType,
    targetId: e.targetId,
    organizationId: e.organizationId ?? null,
    details: e.details ?? {},
  });
}
