import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { gatewayApps } from '@/db/schema';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { ROTATION_OVERLAP_MS } from '@/server/domain/webhooks/signing';
import { ApiError } from '@/shared/errors/api-error';
import { webhookSigningSecret } from '@/server/lib/crypto';

export type RotatedSecret = { signing_secret: string; previous_valid_until: string };

/**
 * A new webhook signing secret for an app (D16), returned once: the version
 * goes up, and the previous secret keeps signing too (both signatures on every
 * request) for 24 h, so the merchant can switch receivers without losing
 * events. `organizationId` null: any app (the operator CLI). Audited.
 */
export async function rotateSigningSecret(
  tx: DbOrTx,
  input: { appId: string; organizationId: string | null; secret: string; actor: string; now: Date },
): Promise<RotatedSecret> {
  const until = new Date(input.now.getTime() + ROTATION_OVERLAP_MS);
  const where = input.organizationId ? and(eq(gatewayApps.id, input.appId), eq(gatewayApps.organizationId, input.organizationId)) : eq(gatewayApps.id, input.appId);
  const [row] = await tx
    .update(gatewayApps)
    .set({ webhookSecretVersion: sql`${gatewayApps.webhookSecretVersion} + 1`, webhookSecretPreviousUntil: until, updatedAt: input.now })
    .where(where)
    .returning({ version: gatewayApps.webhookSecretVersion, organizationId: gatewayApps.organizationId });
  if (!row) throw new ApiError('NOT_FOUND', { message: 'App not found.' });
  await recordAudit(tx, {
    actor: input.actor,
    action: 'webhook.rotate_secret',
    targetType: 'gateway_app',
    targetId: input.appId,
    organizationId: row.organizationId,
    details: { version: row.version, previous_valid_until: until.toISOString() },
  });
  return { signing_secret: webhookSigningSecret(input.secret, input.appId, row.version), previous_valid_until: until.toISOString() };
}

/** The signing secret of a new app (version 1), shown once with its key. */
export function firstSigningSecret(secret: string, appId: string): string {
  return webhookSigningSecret(secret, appId, 1);
}
