import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/db/client';
import { rateLimitHits as hits, rateLimitWindows as windows, type RateLimitOverrides } from '@/db/schema';
import { name } from '@/server/lib/sql-names';
import { ApiError } from '@/shared/errors/api-error';

/** D8 buckets and their default sizes per key per 60 s. Operators may override per app. */
export const DEFAULT_LIMITS = { send: 60, status: 120, balance: 30, calculate: 60, control: 30 } as const;
export type Bucket = keyof typeof DEFAULT_LIMITS;
export const BUCKETS = Object.keys(DEFAULT_LIMITS) as Bucket[];

export const WINDOW_SECONDS = 60;
export const REJECTIONS_BEFORE_SUSPENSION = 30;
export const SUSPENSION_SECONDS = 300;

export type RateLimitHeaders = { 'RateLimit-Limit': string; 'RateLimit-Remaining': string; 'RateLimit-Reset': string };
export type SlotResult = { limit: number; remaining: number; resetSeconds: number; headers: RateLimitHeaders };

/** What rl_take answered for one request (SQL, migrations 0005 and 0007). */
export type TakeAnswer = { allowed: boolean; suspended: boolean; remaining: number; reset_s: number };

/**
 * The slot of a request from rl_take's answer: its RateLimit-* headers, or a
 * 1301/1302 RateLimitError carrying them. The slot itself is taken in the
 * same round trip as the key lookup (authorizeRequest, server/domain/keys).
 */
export function slotOutcome(limit: number, r: TakeAnswer): SlotResult {
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

/**
 * Takes a slot of `bucket` for an app outside the REST tier (the dashboard's
 * compose sends as one of the organization's apps, so it spends that key's
 * slots: the dashboard is no way around a key's limit or its suspension).
 * The REST tier takes its slot with the key lookup (authorizeRequest).
 * `now` null: the database clock.
 */
export async function takeSlot(db: DbOrTx, appId: string, bucket: Bucket, overrides: RateLimitOverrides, now: Date | null): Promise<SlotResult> {
  const limit = overrides[bucket] ?? DEFAULT_LIMITS[bucket];
  const [r] = await db.execute<TakeAnswer>(sql`
    select * from rl_take(${appId}, ${bucket}, ${limit}, ${now ? now.toISOString() : null}::timestamptz, ${WINDOW_SECONDS}, ${REJECTIONS_BEFORE_SUSPENSION}, ${SUSPENSION_SECONDS})`);
  return slotOutcome(limit, r);
}

/**
 * A 60 s window of its own for something that is not an API bucket (dashboard
 * test events, wrong passwords, sign-ins, sign-ups): `key` names the window
 * (never an app id, so the key's API buckets are untouched), and refusals
 * never suspend anything. Takes a slot and returns null, or returns the
 * seconds until a slot frees when the window is full.
 */
export async function tryOwnWindow(db: DbOrTx, key: string, bucket: string, limit: number): Promise<number | null> {
  const [r] = await db.execute<{ allowed: boolean; reset_s: number }>(sql`
    select allowed, reset_s from rl_take(${key}, ${bucket}, ${limit}, null::timestamptz, ${WINDOW_SECONDS}, 2147483647, 0)`);
  return r.allowed ? null : r.reset_s;
}

/** tryOwnWindow that throws RATE_LIMIT_EXCEEDED with `message(seconds until a slot frees)` when full. */
export async function takeOwnWindow(db: DbOrTx, key: string, bucket: string, limit: number, message: (resetSeconds: number) => string): Promise<void> {
  const wait = await tryOwnWindow(db, key, bucket, limit);
  if (wait !== null) throw new ApiError('RATE_LIMIT_EXCEEDED', { retryAfter: wait, message: message(wait) });
}

/**
 * Gives back the newest slot of an own window (an attempt that was reserved
 * before the work and turned out not to count, e.g. a right password): the
 * reservation makes the count exact under concurrency, the refund makes only
 * failures count. Same lock order as rl_take (the window row first).
 */
export async function releaseOwnSlot(db: Db, key: string, bucket: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [w] = await tx.execute<{ live: number }>(sql`
      select ${windows.live} from ${windows} where ${windows.appId} = ${key} and ${windows.bucket} = ${bucket} for update`);
    if (!w) return;
    const gone = await tx.execute(sql`
      delete from ${hits} where ctid = (
        select ctid from ${hits} where ${hits.appId} = ${key} and ${hits.bucket} = ${bucket} order by ${hits.at} desc limit 1)`);
    if (gone.count > 0) await tx.execute(sql`
      update ${windows} set ${name(windows.live)} = greatest(0, ${windows.live} - 1) where ${windows.appId} = ${key} and ${windows.bucket} = ${bucket}`);
  });
}
