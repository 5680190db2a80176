import { eq, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@/db/client';
import { platformPriceRows, pricingRows } from '@/db/schema';
import { prepared } from '@/server/lib/prepared';
import type { PricingRow } from '@/shared/pricing/pricing';

/** Where an organization's effective rows come from (D13). */
export type PriceSource = 'organization' | 'platform' | 'none';

export type EffectivePricing = { rows: PricingRow[]; source: PriceSource };

function build(db: DbOrTx) {
  const own = db
    .select({
      id: pricingRows.id,
      country: pricingRows.country,
      network: pricingRows.network,
      prefixes: pricingRows.prefixes,
      price: pricingRows.price,
      platform: sql<boolean>`false`.as('platform'),
    })
    .from(pricingRows)
    .where(eq(pricingRows.organizationId, sql.placeholder('org')));
  const platform = db
    .select({
      id: platformPriceRows.id,
      country: platformPriceRows.country,
      network: platformPriceRows.network,
      prefixes: platformPriceRows.prefixes,
      price: platformPriceRows.price,
      platform: sql<boolean>`true`.as('platform'),
    })
    .from(platformPriceRows)
    .where(sql`not exists (select 1 from ${pricingRows} where ${pricingRows.organizationId} = ${sql.placeholder('org')})`);
  return unionAll(own, platform)
    .orderBy(sql`"country"`, sql`"network"`, sql`"id"`)
    .prepare('effective_price_rows');
}

/**
 * The one read of prices (D13): an organization's own pricing rows, or the operator's platform price list when
 * it has none; one statement either way. The send charge, the compose preview, /calculate, /balance and every
 * page price from these rows, so they always agree.
 */
export async function effectivePriceRows(db: DbOrTx, organizationId: string): Promise<EffectivePricing> {
  const found = await prepared(db, 'effective_price_rows', () => build(db)).execute({ org: organizationId });
  const rows = found.map(({ platform: _platform, ...row }) => row);
  const source: PriceSource = found.length === 0 ? 'none' : found[0].platform ? 'platform' : 'organization';
  return { rows, source };
}
