import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { db } from '@/db/client';
import { appRouter } from '@/server/api/root';
import { createContext } from '@/server/api/trpc';
import { currentUser } from '@/server/auth/options';
import { env } from '@/server/env';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The dashboard's tRPC endpoint: the same procedures as REST, with the signed-in user in the context. */
async function handler(req: Request) {
  const user = await currentUser();
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req,
    router: appRouter,
    createContext: () => createContext({ db: db(), env: env() }, req.headers, { headers: {} }, user),
  });
}

export { handler as GET, handler as POST };
