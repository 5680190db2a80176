/**
 * Request bodies the web process accepts, per route (docs/operations.md, "Request
 * limits"). The REST API's own limit is MAX_BODY_BYTES (256 KB,
 * server/api/rest/handler.ts, error 1103); the tRPC batch limits the dashboard's
 * client shares are in shared/trpc-limits.ts.
 */
import { MAX_IMPORT_BYTES } from '@/shared/contracts/opt-outs';

export const KIB = 1024;

/**
 * `/api/trpc`: the dashboard's largest legitimate body is a compose of 1000
 * numbers as typed (with spaces), 1600 characters that JSON escapes to 6 bytes
 * each, a 2048-character callback URL and 20 dates: about 34 KB (measured in
 * body-limits.test.ts). Twice that, rounded.
 */
export const TRPC_MAX_BODY_BYTES = 64 * KIB;
/**
 * Every other route Next serves: next-auth's forms (`/api/auth/*`: e-mail,
 * password, CSRF token, callback URL), the organization switch (one id).
 * Pages and the CSV export take no body.
 */
export const DEFAULT_MAX_BODY_BYTES = 16 * KIB;

/**
 * The dashboard's opt-out CSV import (D19, server/api/opt-outs-csv.ts): one file of up to 100,000 phones in one
 * request, so its report numbers the file's own rows. 100,000 rows of a phone are about 1.5 MB; 4 MB leaves
 * room for phones typed with spaces and a short second column (a name).
 */
export const OPT_OUT_IMPORT_PATH = '/dashboard/opt-outs/import';

export type BodyRule = {
  maxBytes: number;
  /** `always`: the body is JSON whatever its Content-Type says (tRPC); `by-type`: only a JSON Content-Type is depth-checked. */
  json: 'always' | 'by-type';
  /** Shape of a refusal: tRPC's error JSON, or `{error, message}`. */
  answer: 'trpc' | 'plain';
};

export const TRPC_PREFIX = '/api/trpc';

/** The rule for a path served by Next (the REST API has its own, in its listener). */
export function bodyRuleFor(pathname: string): BodyRule {
  if (pathname === TRPC_PREFIX || pathname.startsWith(`${TRPC_PREFIX}/`)) return { maxBytes: TRPC_MAX_BODY_BYTES, json: 'always', answer: 'trpc' };
  if (pathname === OPT_OUT_IMPORT_PATH) return { maxBytes: MAX_IMPORT_BYTES, json: 'by-type', answer: 'plain' };
  return { maxBytes: DEFAULT_MAX_BODY_BYTES, json: 'by-type', answer: 'plain' };
}

/** `application/json`, `application/merge-patch+json`, ... (parameters ignored). */
export function isJsonContentType(value: string | undefined): boolean {
  const type = (value ?? '').split(';', 1)[0].trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}
