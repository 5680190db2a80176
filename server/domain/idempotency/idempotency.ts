import { createHash } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { idempotencyKeys } from '@/db/schema';
import { ApiError } from '@/shared/errors/api-error';
import { validationError } from '@/shared/errors/validation';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export type IdempotencyClaim = { appId: string; key: string; hash: string; now: Date };

/** Stable hash of a request body: keys sorted at every level, so property order does not matter. */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(stableJson(body)).digest('hex');
}

function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v as object)
      .sort()
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stableJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

export function parseIdempotencyKey(header: string | null): string | null {
  if (header === null) return null;
  if (!KEY_PATTERN.test(header)) {
    throw validationError([{ field: 'Idempotency-Key', code: 'INVALID_FIELD_FORMAT', message: 'must be 1 to 255 visible ASCII characters' }]);
  }
  return header;
}

/** The stored first answer for this key (replayed) or null; another body under the same key: 1409. */
export async function findReplay(db: DbOrTx, claim: IdempotencyClaim): Promise<unknown | null> {
  const [row] = await db
    .select({ hash: idempotencyKeys.requestHash, body: idempotencyKeys.responseBody })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.appId, claim.appId), eq(idempotencyKeys.key, claim.key), gt(idempotencyKeys.expiresAt, claim.now)));
  if (!row) return null;
  if (row.hash !== claim.hash) throw new ApiError('IDEMPOTENCY_CONFLICT');
  return row.body;
}

/**
 * Records the answer inside the send's transaction. Returns false when a
 * concurrent request claimed the same key first (the caller rolls back and replays).
 */
export async function recordAnswer(tx: DbOrTx, claim: IdempotencyClaim, status: number, body: unknown): Promise<boolean> {
  const expiresAt = new Date(claim.now.getTime() + IDEMPOTENCY_TTL_MS);
  const rows = await tx
    .insert(idempotencyKeys)
    .values({ appId: claim.appId, key: claim.key, requestHash: claim.hash, responseStatus: status, responseBody: body, expiresAt, createdAt: claim.now })
    .onConflictDoUpdate({
      target: [idempotencyKeys.appId, idempotencyKeys.key],
      set: { requestHash: claim.hash, responseStatus: status, responseBody: body, expiresAt, createdAt: claim.now },
      setWhere: sql`${idempotencyKeys.expiresAt} <= ${claim.now.toISOString()}::timestamptz`,
    })
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}
