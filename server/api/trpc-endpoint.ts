import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { appRouter } from '@/server/api/root';
import { createContext, recordUnexpectedError, type Deps } from '@/server/api/trpc';
import type { SessionUser } from '@/server/domain/users/accounts';
import { ApiError } from '@/shared/errors/api-error';
import { toTrpcError } from '@/server/errors/to-trpc';
import { isDatabaseUnavailable } from '@/server/lib/db-errors';
import { TRPC_MAX_BATCH } from '@/shared/trpc-limits';

/**
 * The dashboard's tRPC endpoint (`/api/trpc`, app/api/trpc): the dashboard's
 * procedures with the signed-in user in the context (surface `dashboard`: the
 * app-key ones answer NOT_FOUND here). At most TRPC_MAX_BATCH procedures per
 * batch (400 beyond); the body's size and depth are bounded before this runs
 * (server/http/body-guard.ts). Catalogue errors answer their own status
 * (server/api/trpc.ts, baseProcedure); unexpected ones are logged with a
 * request id the answer repeats. A database that does not answer, be it while
 * the user is looked up or in a procedure, is a 503 with `Retry-After`.
 */
export function handleTrpcRequest(req: Request, deps: Deps, user: SessionUser | null | (() => Promise<SessionUser | null>)): Promise<Response> {
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req,
    router: appRouter,
    maxBatchSize: TRPC_MAX_BATCH,
    createContext: async () => createContext(deps, req.headers, { headers: {} }, typeof user === 'function' ? await signedInUser(user) : user, 'dashboard'),
    onError: recordUnexpectedError,
    responseMeta: ({ errors }) => (errors.some((e) => e.code === 'SERVICE_UNAVAILABLE') ? { headers: { 'Retry-After': '1' } } : {}),
  });
}

async function signedInUser(lookUp: () => Promise<SessionUser | null>): Promise<SessionUser | null> {
  try {
    return await lookUp();
  } catch (cause) {
    if (isDatabaseUnavailable(cause)) throw toTrpcError(new ApiError('SERVICE_UNAVAILABLE', { cause }));
    throw cause;
  }
}
