import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ApiError } from '@/shared/errors/api-error';
import { ERRORS } from '@/shared/errors/codes';

const BY_HTTP: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  402: 'PAYMENT_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

/** The dashboard's view of an ApiError: the tRPC code of its HTTP status, the catalogue text as message. */
export function toTrpcError(error: ApiError): TRPCError {
  return new TRPCError({ code: BY_HTTP[ERRORS[error.errorName].http] ?? 'INTERNAL_SERVER_ERROR', message: error.message, cause: error });
}
