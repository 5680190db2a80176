import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { ApiError } from '@/shared/errors/api-error';
import { validationError } from '@/shared/errors/validation';
import { parseDate } from '@/shared/schedules/recurring';

/**
 * Keyset pages, for every list (D17: an opaque `next_cursor`, null on the last page). A cursor is the sort key of the
 * last row shown: its parts as a JSON array, base64url. A cursor that does not read as its list's key answers one
 * way everywhere: 400, 1110, naming `cursor` (badCursor), never a silent first page.
 */
export type KeyPart = string | number | null;

export const BAD_CURSOR_MESSAGE = 'This page link is not valid any more; start from the first page.';

/** What every list answers to a cursor it cannot read. */
export function badCursor(): ApiError {
  return validationError([{ field: 'cursor', code: 'INVALID_FIELD_FORMAT', message: BAD_CURSOR_MESSAGE }]);
}

/** Whether `e` (or the ApiError a procedure's error wraps) is badCursor's answer: a page may then start over. */
export function isBadCursor(e: unknown): boolean {
  const err = e instanceof ApiError ? e : (e as { cause?: unknown } | null)?.cause;
  return err instanceof ApiError && err.options.errors?.some((x) => x.field === 'cursor') === true;
}

export function encodeCursor(key: readonly KeyPart[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** A cursor's key parts, as `read` accepts them (undefined: not this list's key, so badCursor). */
export function decodeCursor<T>(cursor: string, read: (parts: unknown[]) => T | undefined): T {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  const key = Array.isArray(parts) ? read(parts) : undefined;
  if (key === undefined) throw badCursor();
  return key;
}

/** Rows read with `limit + 1`: the page shown, its last row (the next cursor's key) and whether more follow. */
export function takePage<T>(rows: T[], limit: number): { shown: T[]; last: T | undefined; more: boolean } {
  const shown = rows.length > limit ? rows.slice(0, limit) : rows;
  return { shown, last: shown[shown.length - 1], more: rows.length > limit };
}

/** The key of most lists: an instant as Postgres writes it (`col::text`, microseconds kept), then an id or phone. */
export type TimeKey = { ts: string; id: string };

const TS = /^((\d{4})-\d{2}-\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:[+-](\d{2})(?::?(\d{2}))?|Z)$/;

/**
 * Whether `ts` is an instant Postgres reads as timestamptz: the form above, a calendar date that exists (parseDate;
 * Postgres has no year 0) and a time that does (a cursor is client-sent; '2026-13-45 ...' cast in the statement would
 * fail it instead of answering badCursor).
 */
function isInstant(ts: string): boolean {
  const m = TS.exec(ts);
  if (!m) return false;
  const [year, h, mi, s, oh, om] = [m[2], m[3], m[4], m[5], m[6] ?? '0', m[7] ?? '0'].map(Number);
  return year >= 1 && parseDate(m[1]) !== null && h <= 23 && mi <= 59 && s <= 59 && oh <= 15 && om <= 59;
}

export function timeKeyCursor(ts: string, id: string): string {
  return encodeCursor([ts, id]);
}

export function readTimeKey(cursor: string): TimeKey {
  return decodeCursor(cursor, ([ts, id]) =>
    typeof ts === 'string' && typeof id === 'string' && isInstant(ts) && id.length <= 64 ? { ts, id } : undefined,
  );
}

/**
 * The rows past a TimeKey on (`time`, `id`): older ones for a list newest first, newer ones (`newer`) for one read
 * the other way.
 */
export function pastTimeKey(time: SQLWrapper, id: SQLWrapper, at: TimeKey, direction: 'older' | 'newer' = 'older'): SQL {
  return direction === 'older'
    ? sql`(${time}, ${id}) < (${at.ts}::timestamptz, ${at.id})`
    : sql`(${time}, ${id}) > (${at.ts}::timestamptz, ${at.id})`;
}

/** The key of a list in row-id order (one send's recipients): the last id. */
export function idCursor(id: number): string {
  return encodeCursor([id]);
}

/** Also reads a cursor that is base64url(`r:<id>`): merchants may hold GET /messages/{id}/recipients cursors of that form (D17). */
export function readIdKey(cursor: string): number {
  const legacy = /^r:(\d{1,18})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (legacy) return Number(legacy[1]);
  return decodeCursor(cursor, ([id]) => (Number.isSafeInteger(id) && (id as number) >= 0 ? (id as number) : undefined));
}
