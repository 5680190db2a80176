import { TRPCError } from '@trpc/server';
import { ApiError } from '@/shared/errors/api-error';
import { ERRORS } from '@/shared/errors/codes';
import { isDatabaseUnavailable } from '@/server/lib/db-errors';
import { fromZodError, isZodError } from '@/shared/errors/from-zod';
import type { ValidationStyle } from '@/shared/errors/validation';

export type RestErrorBody =
  | { detail: string }
  | {
      success: false;
      status_code: number;
      error_code: string;
      message: string;
      detail: string;
      errors?: { field: string; message: string }[];
      retry_after?: number;
    };

/** Finds the ApiError behind whatever a procedure threw (tRPC wraps thrown errors). */
export function toApiError(err: unknown, style: ValidationStyle = 'envelope', input?: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof TRPCError) {
    if (err.cause instanceof ApiError) return err.cause;
    if (isZodError(err.cause)) return fromZodError(err.cause, input, style);
    if (err.code === 'PAYLOAD_TOO_LARGE') return new ApiError('PAYLOAD_TOO_LARGE');
    if (err.code === 'PARSE_ERROR') return new ApiError('INVALID_REQUEST', { message: 'The request body is not valid JSON.' });
  }
  if (err instanceof Error && err.cause instanceof ApiError) return err.cause;
  const cause = err instanceof TRPCError && err.cause ? err.cause : err;
  // The database is unreachable (restarting, connections cut): retryable, like GET /health's 503.
  if (isDatabaseUnavailable(cause)) return new ApiError('SERVICE_UNAVAILABLE', { cause });
  return new ApiError('INTERNAL_ERROR', { cause: err });
}

/** The REST status and body of an ApiError, exactly as D7 describes. */
export function toRestError(error: ApiError): { status: number; body: RestErrorBody; headers: Record<string, string> } {
  const entry = ERRORS[error.errorName];
  const headers: Record<string, string> = {};
  if (entry.shape === 'detail') return { status: entry.http, body: { detail: error.message }, headers };
  const body: RestErrorBody = {
    success: false,
    status_code: entry.http,
    error_code: entry.code,
    message: error.message,
    detail: error.message,
  };
  if (error.options.errors?.length) body.errors = error.options.errors;
  if (entry.http === 429) {
    const retryAfter = Math.max(1, Math.ceil(error.options.retryAfter ?? 1));
    body.retry_after = retryAfter;
    headers['Retry-After'] = String(retryAfter);
  }
  return { status: entry.http, body, headers };
}
