import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { organizations, topUpRequests } from '@/db/schema';
import { toTopUpRequestView } from '@/server/domain/wallets/top-up-requests';

/** Live top-up requests waiting for an operator, oldest first, with their merchant's name. */
export async function listPendingTopUps(db: DbOrTx) {
  const rows = await db
    .select({ request: topUpRequests, organizationName: organizations.name })
    .from(topUpRequests)
    .innerJoin(organizations, eq(organizations.id, topUpRequests.organizationId))
    .where(eq(topUpRequests.state, 'pending'))
    .orderBy(asc(topUpRequests.createdAt))
    .limit(200);
  return rows.map((r) => ({ ...toTopUpRequestView(r.request), organization_id: r.request.organizationId, organization_name: r.organizationName }));
}
