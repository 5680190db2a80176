import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { gatewayApps, organizations, type KeyStatus, type RateLimitOverrides } from '@/db/schema';
import { ApiError } from '@/server/errors/api-error';
import type { ErrorName } from '@/server/errors/codes';
import { digestApiKey, digestsEqual } from '@/server/lib/crypto';
import { prepared } from '@/server/lib/prepared';
import { isWellFormedKey, type KeyEnvironment } from './api-keys';

export type AuthedApp = {
  appId: string;
  organizationId: string;
  environment: KeyEnvironment;
  rateLimits: RateLimitOverrides;
  org: { timezone: string; defaultCountry: string; defaultPrice: string | null; currency: string };
};

const STATUS_ERRORS: Record<Exclude<KeyStatus, 'allowed'>, ErrorName> = {
  pending_validation: 'KEY_PENDING_VALIDATION',
  suspended: 'KEY_SUSPENDED',
  revoqued: 'KEY_REVOKED',
  locked: 'KEY_LOCKED',
  expired: 'KEY_EXPIRED',
  rejected: 'KEY_REJECTED',
};

const LAST_USED_GRANULARITY_MS = 60_000;

/**
 * Authenticates an `app-key` header value (spec Authentication + D9): shape and
 * environment first (no database work for garbage), then one indexed lookup by
 * HMAC digest, a constant-time comparison, and the key status. Any unexpected
 * failure becomes the spec's 500 text.
 */
export async function authenticateAppKey(
  db: DbOrTx,
  header: string | null,
  opts: { secret: string; environment: KeyEnvironment; now: Date },
): Promise<AuthedApp> {
  if (header === null) throw new ApiError('AUTH_MISSING_KEY');
  const value = header.trim();
  if (value === '') throw new ApiError('AUTH_EMPTY_KEY');
  if (!isWellFormedKey(value, opts.environment)) throw new ApiError('AUTH_INVALID_KEY');

  const digest = digestApiKey(opts.secret, value);
  let row;
  try {
    [row] = await byDigest(db).execute({ digest });
  } catch (cause) {
    throw new ApiError('AUTH_UNAVAILABLE', { cause });
  }
  if (!row || !digestsEqual(row.keyDigest, digest) || row.environment !== opts.environment) {
    throw new ApiError('AUTH_INVALID_KEY');
  }
  if (row.status !== 'allowed') throw new ApiError(STATUS_ERRORS[row.status]);

  if (!row.lastUsedAt || opts.now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_GRANULARITY_MS) {
    await touchLastUsed(db, row.appId, opts.now).catch(() => {});
  }
  return {
    appId: row.appId,
    organizationId: row.organizationId,
    environment: row.environment,
    rateLimits: row.rateLimits ?? {},
    org: {
      timezone: row.timezone,
      defaultCountry: row.defaultCountry,
      defaultPrice: row.defaultPrice,
      currency: row.currency,
    },
  };
}

function byDigest(db: DbOrTx) {
  return prepared(db, 'auth_app_by_digest', () =>
    db
      .select({
        appId: gatewayApps.id,
        organizationId: gatewayApps.organizationId,
        environment: gatewayApps.environment,
        status: gatewayApps.status,
        keyDigest: gatewayApps.keyDigest,
        rateLimits: gatewayApps.rateLimits,
        lastUsedAt: gatewayApps.lastUsedAt,
        timezone: organizations.timezone,
        defaultCountry: organizations.defaultCountry,
        defaultPrice: organizations.defaultPrice,
        currency: organizations.currency,
      })
      .from(gatewayApps)
      .innerJoin(organizations, eq(organizations.id, gatewayApps.organizationId))
      .where(eq(gatewayApps.keyDigest, sql.placeholder('digest')))
      .limit(1)
      .prepare('auth_app_by_digest'),
  );
}

/** At most one write a minute per key, even with many instances racing (the WHERE re-checks). */
async function touchLastUsed(db: DbOrTx, appId: string, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - LAST_USED_GRANULARITY_MS);
  await db
    .update(gatewayApps)
    .set({ lastUsedAt: now })
    .where(and(eq(gatewayApps.id, appId), or(isNull(gatewayApps.lastUsedAt), lte(gatewayApps.lastUsedAt, cutoff))));
}

