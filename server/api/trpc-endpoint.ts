import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { appRouter } from '@/server/api/root';
import { createContext, recordUnexpectedError, type Deps } from '@/server/api/trpc';
import type { SessionUser } from '@/server/domain/users/accounts';

/**
 * The dashboard's tRPC endpoint (`/api/trpc`, app/api/trpc): the same
 * procedures as REST with the signed-in user in the context. Catalogue errors
 * answer their own status (server/api/trpc.ts, baseProcedure); unexpected ones
 * are logged with a request id the answer repeats.
 */
export function handleTrpcRequest(req: Request, deps: Deps, user: SessionUser | null): Promise<Response> {
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req,
    router: appRouter,
    createContext: () => createContext(deps, req.headers, { headers: {} }, user),
    onError: recordUnexpectedError,
  });
}
