import { db } from '@/db/client';
import { recipientsCsvResponse } from '@/server/api/messages-csv';
import { currentUser } from '@/server/auth/options';
import { env } from '@/server/env';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** One send's recipients as CSV, when the send is the signed-in user's organization's. */
export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  return recipientsCsvResponse({ db: db(), env: env() }, await currentUser(), (await params).id, req.headers);
}
