import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { gatewayApps, type KeyStatus, type RateLimitOverrides } from '@/db/schema';
import type { KeyEnvironment } from './api-keys';

export type AppSummary = {
  id: string;
  organizationId: string;
  environment: KeyEnvironment;
  status: KeyStatus;
  webhookUrl: string | null;
  webhookUsername: string | null;
  rateLimits: RateLimitOverrides;
};

/** One app without any secret column; `lock` takes its row lock for the caller's transaction. */
export async function getApp(db: DbOrTx, appId: string, opts: { lock?: boolean } = {}): Promise<AppSummary | null> {
  const query = db
    .select({
      id: gatewayApps.id,
      organizationId: gatewayApps.organizationId,
      environment: gatewayApps.environment,
      status: gatewayApps.status,
      webhookUrl: gatewayApps.webhookUrl,
      webhookUsername: gatewayApps.webhookUsername,
      rateLimits: gatewayApps.rateLimits,
    })
    .from(gatewayApps)
    .where(eq(gatewayApps.id, appId));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ? { ...row, rateLimits: row.rateLimits ?? {} } : null;
}
