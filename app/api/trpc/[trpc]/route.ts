import { db } from '@/db/client';
import { handleTrpcRequest } from '@/server/api/trpc-endpoint';
import { currentUser } from '@/server/auth/options';
import { env } from '@/server/env';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The dashboard's tRPC endpoint (server/api/trpc-endpoint.ts), with the signed-in user (looked up there: a database outage is its 503). */
async function handler(req: Request) {
  return handleTrpcRequest(req, { db: db(), env: env() }, currentUser);
}

export { handler as GET, handler as POST };
