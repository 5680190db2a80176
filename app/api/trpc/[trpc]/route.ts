import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { db } from '@/db/client';
import { appRouter } from '@/server/api/root';
import { createContext } from '@/server/api/trpc';
import { currentUser } from '@/server/auth/options';
import { env } from '@/server/env';
import { TRPC_MAX_BATCH } from '@/server/http/body-limits';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/**
 * The dashboard's tRPC endpoint: the dashboard's procedures, with the signed-in
 * user in the context (the app-key ones answer NOT_FOUND here: surface
 * `dashboard`). At most TRPC_MAX_BATCH procedures per batch (400 beyond); the
 * body's size and depth are bounded before this runs (server/http/body-guard.ts).
 */
async function handler(req: Request) {
  const user = await currentUser();
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req,
    router: appRouter,
    maxBatchSize: TRPC_MAX_BATCH,
    createContext: () => createContext({ db: db(), env: env() }, req.headers, { headers: {} }, user, 'dashboard'),
  });
}

export { handler as GET, handler as POST };
