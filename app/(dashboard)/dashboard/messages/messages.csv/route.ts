import { db } from '@/db/client';
import { messagesCsvResponse } from '@/server/api/messages-csv';
import { currentUser } from '@/server/auth/options';
import { env } from '@/server/env';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The Messages list as CSV, for the signed-in user's organization, with the page's filters. */
export async function GET(req: Request) {
  return messagesCsvResponse({ db: db(), env: env() }, await currentUser(), new URL(req.url), req.headers);
}
