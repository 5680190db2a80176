import { ApiError } from './api-error';

export type ValidationCode = 'INVALID_REQUEST' | 'MISSING_FIELD' | 'LIMIT_EXCEEDED' | 'INVALID_FIELD_FORMAT' | 'SCHEDULE_IN_PAST';
export type ValidationIssue = { field: string; code: ValidationCode; message: string };

/** How a procedure reports input validation failures: `envelope` (D7) or the spec's `{detail}`. */
export type ValidationStyle = 'envelope' | 'detail';

/** When issues disagree, the answer's code is the most fundamental one; `errors[]` lists them all. */
const PRECEDENCE: ValidationCode[] = ['INVALID_REQUEST', 'MISSING_FIELD', 'LIMIT_EXCEEDED', 'INVALID_FIELD_FORMAT', 'SCHEDULE_IN_PAST'];

export function validationError(issues: ValidationIssue[]): ApiError {
  const code = PRECEDENCE.find((c) => issues.some((i) => i.code === c)) ?? 'INVALID_FIELD_FORMAT';
  return new ApiError(code, { errors: issues.map(({ field, message }) => ({ field, message })) });
}
