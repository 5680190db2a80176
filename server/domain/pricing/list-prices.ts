import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { pricingRows } from '@/db/schema';

/** The segment prices of every pricing row of an organization (decimal strings). */
export async function listPrices(db: DbOrTx, organizationId: string): Promise<string[]> {
  const rows = await db.select({ price: pricingRows.price }).from(pricingRows).where(eq(pricingRows.organizationId, organizationId));
  return rows.map((r) => r.price);
}
