import { db } from '@/db/client';
import { optOutsImportResponse } from '@/server/api/opt-outs-csv';
import { currentUser } from '@/server/auth/options';
import { env } from '@/server/env';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The Opt-outs page's CSV import (D19): the file as the body, text/csv. */
export async function POST(req: Request) {
  return optOutsImportResponse({ db: db(), env: env() }, await currentUser(), req);
}
