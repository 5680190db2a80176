import { db } from '@/db/client';
import { ledgerCsvResponse } from '@/server/api/ledger-csv';
import { currentUser } from '@/server/auth/options';
import { env } from '@/server/env';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The wallet ledger as CSV, for the signed-in user's organization, with the page's filters. */
export async function GET(req: Request) {
  return ledgerCsvResponse({ db: db(), env: env() }, await currentUser(), new URL(req.url), req.headers);
}
