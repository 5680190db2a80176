import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { db } from '@/db/client';
import { appRouter } from '@/server/api/root';
import { createContext } from '@/server/api/trpc';
import { env } from '@/server/env';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

function handler(req: Request) {
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req,
    router: appRouter,
    createContext: () => createContext({ db: db(), env: env() }, req.headers),
  });
}

export { handler as GET, handler as POST };
