import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { gatewayApps, type KeyStatus, type RateLimitOverrides } from '@/db/schema';
import { generateApiKey, type KeyEnvironment } from './api-keys';

/** Regenerates an app's key: the old digest is replaced in one UPDATE, so the old key stops at once (no overlap). */
export async function rotateKey(db: DbOrTx, appId: string, opts: { secret: string; environment: KeyEnvironment }): Promise<string | null> {
  const key = generateApiKey(opts.environment, opts.secret);
  const rows = await db
    .update(gatewayApps)
    .set({
      keyDigest: key.digest,
      keyPrefix: key.prefix,
      keyLast4: key.last4,
      keyCreatedAt: new Date(),
      environment: opts.environment,
      lastUsedAt: null,
      updatedAt: new Date(),
    })
    .where(eq(gatewayApps.id, appId))
    .returning({ id: gatewayApps.id });
  return rows.length ? key.plain : null;
}

export async function setKeyStatus(db: DbOrTx, appId: string, status: KeyStatus): Promise<boolean> {
  const rows = await db.update(gatewayApps).set({ status, updatedAt: new Date() }).where(eq(gatewayApps.id, appId)).returning({ id: gatewayApps.id });
  return rows.length > 0;
}

/** Merges per-app bucket overrides (D8); the defaults stay those of the spec for every other app. */
export async function setRateLimits(db: DbOrTx, appId: string, overrides: RateLimitOverrides): Promise<RateLimitOverrides | null> {
  const [app] = await db.select({ rateLimits: gatewayApps.rateLimits }).from(gatewayApps).where(eq(gatewayApps.id, appId)).for('update');
  if (!app) return null;
  const merged = { ...(app.rateLimits ?? {}), ...overrides };
  await db.update(gatewayApps).set({ rateLimits: merged, updatedAt: new Date() }).where(eq(gatewayApps.id, appId));
  return merged;
}
