import { asc, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/db/client';
import { organizations, platformPriceRows, pricingRows } from '@/db/schema';
import { of } from '@/server/lib/sql-names';
import type { PlatformPrices } from '@/shared/contracts/operator';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { newId } from '@/server/lib/ids';
import { toAmount, toDbAmount } from '@/server/lib/money';
import { formatPriceSpec, type PriceRowInput } from './set-prices';

/** The platform price list (D13) and how many organizations it prices (those with no rows of their own). */
export async function getPlatformPrices(db: DbOrTx): Promise<PlatformPrices> {
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(platformPriceRows).orderBy(asc(platformPriceRows.country), asc(platformPriceRows.network), asc(platformPriceRows.id)),
    db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${organizations} o
            where not exists (select 1 from ${pricingRows} p where ${of('p', pricingRows.organizationId)} = ${of('o', organizations.id)})`,
    ),
  ]);
  return {
    rows: rows.map((r) => ({ id: r.id, country: r.country, network: r.network, prefixes: r.prefixes, price: toAmount(r.price) })),
    organizations_priced: n,
  };
}

/**
 * Replaces the whole platform price list in one audited transaction (operator console and CLI). The new prices
 * apply to the next send of every organization without rows of its own; sends already accepted keep their charge.
 */
export async function replacePlatformPrices(db: Db, rows: PriceRowInput[], actor: string): Promise<number> {
  return db.transaction(async (tx) => {
    // One writer at a time, so two operators saving together cannot interleave into a mixed list.
    await tx.execute(sql`lock table ${platformPriceRows} in exclusive mode`);
    const before = await tx.select().from(platformPriceRows);
    const next = rows.map((r) => ({ ...r, price: toDbAmount(r.price) }));
    await tx.delete(platformPriceRows);
    if (next.length) {
      await tx.insert(platformPriceRows).values(next.map((r) => ({ id: newId('prc'), country: r.country, network: r.network, prefixes: r.prefixes, price: r.price })));
    }
    await recordAudit(tx, {
      actor,
      action: 'pricing.platform.set',
      targetType: 'pricing',
      targetId: 'platform',
      organizationId: null,
      details: { from: before.map(formatPriceSpec), rows: next.map(formatPriceSpec) },
    });
    return next.length;
  });
}
