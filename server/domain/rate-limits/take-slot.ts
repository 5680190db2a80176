import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { RateLimitOverrides } from '@/db/schema';
import { ApiError } from '@/server/errors/api-error';

/** D8 buckets and their default sizes per key per 60 s. Operators may override per app. */
export const DEFAULT_LIMITS = { send: 60, status: 120, balance: 30, calculate: 60, control: 30 } as const;
export type Bucket = keyof typeof DEFAULT_LIMITS;
export const BUCKETS = Object.keys(DEFAULT_LIMITS) as Bucket[];

export const WINDOW_SECONDS = 60;
export const REJECTIONS_BEFORE_SUSPENSION = 30;
export const SUSPENSION_SECONDS = 300;

export type RateLimitHeaders = { 'RateLimit-Limit': string; 'RateLimit-Remaining': string; 'RateLimit-Reset': string };
export type SlotResult = { limit: number; remaining: number; resetSeconds: number; headers: RateLimitHeaders };

export function limitFor(bucket: Bucket, overrides: RateLimitOverrides | undefined): number {
  return overrides?.[bucket] ?? DEFAULT_LIMITS[bucket];
}

/**
 * Takes a slot of `bucket` for `appId` in the shared Postgres window (one round
 * trip to `rl_take`). Throws a 1301 or 1302 ApiError carrying the headers.
 * `now` is injectable for tests; null uses the database clock.
 */
export async function takeSlot(
  db: DbOrTx,
  appId: string,
  bucket: Bucket,
  overrides: RateLimitOverrides | undefined,
  now: Date | null,
): Promise<SlotResult> {
  const limit = limitFor(bucket, overrides);
  const rows = await db.execute<{ allowed: boolean; suspended: boolean; remaining: number; reset_s: number }>(
    sql`select * from rl_take(${appId}, ${bucket}, ${limit}, ${now ? now.toISOString() : null}::timestamptz,
        ${WINDOW_SECONDS}, ${REJECTIONS_BEFORE_SUSPENSION}, ${SUSPENSION_SECONDS})`,
  );
  const r = rows[0];
  const headers: RateLimitHeaders = {
    'RateLimit-Limit': String(limit),
    'RateLimit-Remaining': String(r.remaining),
    'RateLimit-Reset': String(r.reset_s),
  };
  if (r.allowed) return { limit, remaining: r.remaining, resetSeconds: r.reset_s, headers };
  throw new RateLimitError(r.suspended ? 'SUSPICIOUS_ACTIVITY' : 'RATE_LIMIT_EXCEEDED', r.reset_s, headers);
}

export class RateLimitError extends ApiError {
  constructor(
    name: 'RATE_LIMIT_EXCEEDED' | 'SUSPICIOUS_ACTIVITY',
    retryAfter: number,
    readonly headers: RateLimitHeaders,
  ) {
    super(name, { retryAfter });
  }
}
