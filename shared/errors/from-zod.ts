import type { ZodError } from 'zod';
import { ApiError } from './api-error';
import { validationError, type ValidationCode, type ValidationIssue, type ValidationStyle } from './validation';

export function isZodError(e: unknown): e is ZodError {
  return e instanceof Error && e.name === 'ZodError' && Array.isArray((e as ZodError).issues);
}

/** `['recurring_schedule', 'times', 0]` -> `recurring_schedule.times[0]` */
export function jsonPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  return out || '(body)';
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = input;
  for (const p of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[p as string];
  }
  return cur;
}

/**
 * Maps zod issues to D7: a wrong JSON type is 1100, an absent required field
 * 1101, an issue whose message starts with `LIMIT:` 1121, anything else 1110.
 * Every issue is listed in `errors[]` with its JSON path. For `detail`-style
 * procedures the first issue's message is the whole `{detail}` text.
 */
export function fromZodError(err: ZodError, input: unknown, style: ValidationStyle): ApiError {
  if (style === 'detail') {
    return new ApiError('INVALID_INPUT', { message: err.issues[0]?.message ?? 'Invalid request' });
  }
  const issues: ValidationIssue[] = [];
  for (const issue of err.issues) {
    let kind: ValidationCode = 'INVALID_FIELD_FORMAT';
    let message = issue.message;
    if (issue.code === 'invalid_type') {
      kind = valueAt(input, issue.path) === undefined ? 'MISSING_FIELD' : 'INVALID_REQUEST';
      if (kind === 'MISSING_FIELD') message = 'This field is required.';
    } else if (message.startsWith('LIMIT:')) {
      kind = 'LIMIT_EXCEEDED';
      message = message.slice(6).trim();
    }
    issues.push({ field: jsonPath(issue.path), code: kind, message });
  }
  return validationError(issues);
}
