import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { memberships, organizations, users } from '@/db/schema';
import type { MerchantDetail } from '@/shared/contracts/operator';
import { listApps } from '@/server/domain/keys/list-apps';
import { listOwnPriceRows } from '@/server/domain/pricing/list-price-rows';
import { ApiError } from '@/shared/errors/api-error';
import { toAmount } from '@/server/lib/money';
import { listTopUpRequests } from '@/server/domain/wallets/top-up-requests';
import { listWallets } from '@/server/domain/wallets/list-wallets';

/** Everything the console shows about one merchant (no secret column is read). */
export async function getMerchant(db: DbOrTx, organizationId: string): Promise<MerchantDetail> {
  const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!org) throw new ApiError('NOT_FOUND', { message: 'Merchant not found.' });
  const [wallets, apps, prices, topUps, members] = await Promise.all([
    listWallets(db, organizationId),
    listApps(db, organizationId),
    listOwnPriceRows(db, organizationId),
    listTopUpRequests(db, organizationId, { limit: 50 }),
    db
      .select({ user_id: users.id, email: users.email, name: users.name, role: memberships.role })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.organizationId, organizationId))
      .orderBy(asc(memberships.createdAt)),
  ]);
  return {
    id: org.id,
    name: org.name,
    created_at: org.createdAt.toISOString(),
    timezone: org.timezone,
    default_country: org.defaultCountry,
    currency: org.currency,
    default_price: org.defaultPrice === null ? null : toAmount(org.defaultPrice),
    prepaid: wallets.SVC_SMS ? toAmount(wallets.SVC_SMS.balance) : null,
    postpaid: wallets.SVC_POST_PAID ? toAmount(wallets.SVC_POST_PAID.balance) : null,
    apps,
    prices,
    top_ups: topUps,
    members,
  };
}
