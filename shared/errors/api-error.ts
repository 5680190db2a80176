import { ERRORS, type ErrorName } from './codes';

export type FieldError = { field: string; message: string };

export type ApiErrorOptions = {
  /** Overrides the catalogue text (envelope `message`/`detail`, or the `{detail}` text). */
  message?: string;
  /** Validation details, JSON paths such as `to[3]` (envelope errors only). */
  errors?: FieldError[];
  /** Seconds, for 429s. */
  retryAfter?: number;
  cause?: unknown;
};

/** The only error type domain code throws for a client-visible failure. */
export class ApiError extends Error {
  readonly name = 'ApiError';
  constructor(
    readonly errorName: ErrorName,
    readonly options: ApiErrorOptions = {},
  ) {
    const entry = ERRORS[errorName];
    super(options.message ?? (entry.shape === 'detail' ? entry.detail : entry.message), { cause: options.cause });
  }
  get http(): number {
    return ERRORS[this.errorName].http;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
