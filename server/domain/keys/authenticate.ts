import { and, eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { isPool, runStatement, type DbOrTx } from '@/db/client';
import { gatewayApps, organizations, type KeyStatus, type RateLimitOverrides } from '@/db/schema';
import {
  DEFAULT_LIMITS,
  REJECTIONS_BEFORE_SUSPENSION,
  slotOutcome,
  SUSPENSION_SECONDS,
  WINDOW_SECONDS,
  type Bucket,
  type SlotResult,
} from '@/server/domain/rate-limits/take-slot';
import { ApiError } from '@/shared/errors/api-error';
import type { ErrorName } from '@/shared/errors/codes';
import { digestApiKey, digestsEqual } from '@/server/lib/crypto';
import { isDatabaseUnavailable } from '@/server/lib/db-errors';
import { textOf } from '@/server/lib/sql-names';
import { isWellFormedKey, type KeyEnvironment } from './api-keys';
import type { SmartEncodingMode } from '@/shared/messages/smart-encoding';

export type AuthedApp = {
  appId: string;
  organizationId: string;
  environment: KeyEnvironment;
  rateLimits: RateLimitOverrides;
  org: { timezone: string; defaultCountry: string; defaultPrice: string | null; currency: string; smartEncoding: SmartEncodingMode };
};

/** The columns an AuthedApp is made of (an app joined with its organization), for lookups other than the API key's. */
export const AUTHED_APP_COLUMNS = {
  appId: gatewayApps.id,
  organizationId: gatewayApps.organizationId,
  environment: gatewayApps.environment,
  status: gatewayApps.status,
  rateLimits: gatewayApps.rateLimits,
  timezone: organizations.timezone,
  defaultCountry: organizations.defaultCountry,
  defaultPrice: organizations.defaultPrice,
  currency: organizations.currency,
  smartEncoding: organizations.smartEncoding,
};

type AuthedAppRow = {
  appId: string;
  organizationId: string;
  environment: KeyEnvironment;
  rateLimits: RateLimitOverrides | null;
  timezone: string;
  defaultCountry: string;
  defaultPrice: string | null;
  currency: string;
  smartEncoding: SmartEncodingMode;
};

export function toAuthedApp(row: AuthedAppRow): AuthedApp {
  return {
    appId: row.appId,
    organizationId: row.organizationId,
    environment: row.environment,
    rateLimits: row.rateLimits ?? {},
    org: { timezone: row.timezone, defaultCountry: row.defaultCountry, defaultPrice: row.defaultPrice, currency: row.currency, smartEncoding: row.smartEncoding },
  };
}

const STATUS_ERRORS: Record<Exclude<KeyStatus, 'allowed'>, ErrorName> = {
  pending_validation: 'KEY_PENDING_VALIDATION',
  suspended: 'KEY_SUSPENDED',
  revoqued: 'KEY_REVOKED',
  locked: 'KEY_LOCKED',
  expired: 'KEY_EXPIRED',
  rejected: 'KEY_REJECTED',
};

const LAST_USED_GRANULARITY_MS = 60_000;

/** A slot of a D8 bucket to take with the authentication; `now` null = the database clock. */
export type SlotRequest = { bucket: Bucket; now: Date | null };

/** The call's text, fixed once (the parameters and casts drizzle would build for it on every call). */
const KEY_TAKE_CALL = 'api_key_take($1, $2, $3, $4::integer, $5::timestamptz, $6, $7, $8)';
const KEY_TAKE_SQL = `select * from ${KEY_TAKE_CALL}`;

/**
 * A read made in the key check's own statement, so that a request that needs one row is one round trip: a
 * statement built by keyedReadSql (fixed text, prepared per connection) and its parameters after
 * api_key_take's eight ($9 on). authorizeRequest hands back the statement's row; the read's columns are
 * NULL unless the key authenticated and got its slot.
 */
export type KeyedRead = { sql: string; params: unknown[] };

/**
 * The statement of a KeyedRead: api_key_take's row as `k`, with `columns` of what `join` joins to it (named
 * apart from api_key_take's own columns). The join must be a LEFT JOIN on `k.allowed` (true only for an
 * allowed key of this environment that got a slot) and on `k.organization_id`: the row then carries data
 * only for a request that may see it, and the key's answer (401, 403, 429) whatever the data.
 */
export function keyedReadSql(columns: SQL, join: SQL): string {
  return `select k.*, ${textOf(columns)} from ${KEY_TAKE_CALL} k ${textOf(join)}`;
}

/**
 * Authenticates an `app-key` header value (spec Authentication + D9): shape and environment first (no database
 * work for garbage), then one indexed lookup by HMAC digest, a constant-time comparison, and the key status; a
 * database that does not answer is the 503 (1503), any other unexpected failure the spec's 500 text. With `slot`, also a slot of that rate-limit bucket (D8),
 * in ONE round trip (the SQL function api_key_take, migration 0007): a slot
 * is taken only for an allowed key of this environment. Throws a 1301/1302
 * RateLimitError carrying the RateLimit-* headers when the bucket is full.
 * With `read` (on the pool only), that statement also makes the read, and
 * `row` is its row (read's columns NULL when it found nothing).
 */
export async function authorizeRequest(
  db: DbOrTx,
  header: string | null,
  opts: { secret: string; environment: KeyEnvironment; now: Date; slot?: SlotRequest },
  read?: KeyedRead,
): Promise<{ app: AuthedApp; slot: SlotResult | null; row: Record<string, unknown> | null }> {
  if (header === null) throw new ApiError('AUTH_MISSING_KEY');
  const value = header.trim();
  if (value === '') throw new ApiError('AUTH_EMPTY_KEY');
  if (!isWellFormedKey(value, opts.environment)) throw new ApiError('AUTH_INVALID_KEY');

  const digest = digestApiKey(opts.secret, value);
  const bucket = opts.slot?.bucket ?? null;
  let row: KeyTakeRow | undefined;
  try {
    const params: unknown[] = [
      digest,
      opts.environment,
      bucket,
      bucket ? DEFAULT_LIMITS[bucket] : null,
      opts.slot?.now ? opts.slot.now.toISOString() : null,
      WINDOW_SECONDS,
      REJECTIONS_BEFORE_SUSPENSION,
      SUSPENSION_SECONDS,
    ];
    // Every request runs this: on the pool, one fixed SQL text straight to postgres.js (a named prepared
    // statement per connection, server/lib/postgres-js.ts), nothing built per request. A transaction handle
    // goes through drizzle with the same text.
    const onPool = isPool(db);
    if (read && (!onPool || !bucket)) throw new Error('a keyed read runs on the pool, with a slot to take');
    [row] = onPool
      ? await runStatement<KeyTakeRow>(db, read?.sql ?? KEY_TAKE_SQL, read ? params.concat(read.params) : params, { prepare: true })!
      : await db.execute<KeyTakeRow>(sql`
          select * from api_key_take(${params[0]}, ${params[1]}, ${params[2]}, ${params[3]}::integer,
            ${params[4]}::timestamptz, ${params[5]}, ${params[6]}, ${params[7]})`);
  } catch (cause) {
    // A database that does not answer (a restart, a failover) is the retryable 503 every other request gets
    // then; the spec's 500 text stays for a key check that failed otherwise.
    if (isDatabaseUnavailable(cause)) throw new ApiError('SERVICE_UNAVAILABLE', { cause });
    throw new ApiError('AUTH_UNAVAILABLE', { cause });
  }
  if (!row || !digestsEqual(row.key_digest, digest) || row.environment !== opts.environment) {
    throw new ApiError('AUTH_INVALID_KEY');
  }
  if (row.status !== 'allowed') throw new ApiError(STATUS_ERRORS[row.status]);

  // As milliseconds: no Date object per request (Next.js wraps the Date constructor in the web process).
  const lastUsedMs = row.last_used_at === null ? null : typeof row.last_used_at === 'string' ? Date.parse(row.last_used_at) : row.last_used_at.getTime();
  if (lastUsedMs === null || opts.now.getTime() - lastUsedMs >= LAST_USED_GRANULARITY_MS) {
    await touchLastUsed(db, row.app_id, opts.now).catch(() => {});
  }
  const app: AuthedApp = {
    appId: row.app_id,
    organizationId: row.organization_id,
    environment: row.environment,
    rateLimits: row.rate_limits ?? {},
    org: {
      timezone: row.timezone,
      defaultCountry: row.default_country,
      defaultPrice: row.default_price,
      currency: row.currency,
      smartEncoding: row.smart_encoding,
    },
  };
  const joined = read ? (row as unknown as Record<string, unknown>) : null;
  if (!bucket) return { app, slot: null, row: joined };
  if (row.allowed === null || row.rl_limit === null || row.remaining === null || row.reset_s === null) {
    throw new Error('api_key_take returned no slot for an allowed key'); // impossible: see migration 0007
  }
  const slot = slotOutcome(row.rl_limit, { allowed: row.allowed, suspended: row.suspended === true, remaining: row.remaining, reset_s: row.reset_s });
  return { app, slot, row: joined };
}

type KeyTakeRow = {
  app_id: string;
  organization_id: string;
  environment: KeyEnvironment;
  status: KeyStatus;
  key_digest: string;
  rate_limits: RateLimitOverrides | null;
  /** A string: drizzle keeps the driver from parsing timestamps. */
  last_used_at: string | Date | null;
  timezone: string;
  default_country: string;
  default_price: string | null;
  currency: string;
  smart_encoding: SmartEncodingMode;
  rl_limit: number | null;
  allowed: boolean | null;
  suspended: boolean | null;
  remaining: number | null;
  reset_s: number | null;
};

/** At most one write a minute per key, even with many instances racing (the WHERE re-checks). */
async function touchLastUsed(db: DbOrTx, appId: string, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - LAST_USED_GRANULARITY_MS);
  await db
    .update(gatewayApps)
    .set({ lastUsedAt: now })
    .where(and(eq(gatewayApps.id, appId), or(isNull(gatewayApps.lastUsedAt), lte(gatewayApps.lastUsedAt, cutoff))));
}

