import { db } from '@/db/client';
import { optOutsCsvResponse } from '@/server/api/opt-outs-csv';
import { currentUser } from '@/server/auth/options';
import { env } from '@/server/env';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The organization's opt-out list as CSV. */
export async function GET(req: Request) {
  return optOutsCsvResponse({ db: db(), env: env() }, await currentUser(), req.headers);
}
