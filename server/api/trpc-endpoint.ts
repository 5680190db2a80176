import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { appRouter } from '@/server/api/root';
import { createContext, recordUnexpectedError, type Deps } from '@/server/api/trpc';
import type { SessionUser } from '@/server/domain/users/accounts';
import { TRPC_MAX_BATCH } from '@/shared/trpc-limits';

/**
 * The dashboard's tRPC endpoint (`/api/trpc`, app/api/trpc): the dashboard's
 * procedures with the signed-in user in the context (surface `dashboard`: the
 * app-key ones answer NOT_FOUND here). At most TRPC_MAX_BATCH procedures per
 * batch (400 beyond); the body's size and depth are bounded before this runs
 * (server/http/body-guard.ts). Catalogue errors answer their own status
 * (server/api/trpc.ts, baseProcedure); unexpected ones are logged with a
 * request id the answer repeats.
 */
export function handleTrpcRequest(req: Request, deps: Deps, user: SessionUser | null): Promise<Response> {
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req,
    router: appRouter,
    maxBatchSize: TRPC_MAX_BATCH,
    createContext: () => createContext(deps, req.headers, { headers: {} }, user, 'dashboard'),
    onError: recordUnexpectedError,
  });
}
