import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { organizations } from '@/db/schema';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { ApiError } from '@/shared/errors/api-error';
import { toDbAmount } from '@/server/lib/money';
import { formatPriceSpec, replacePrices, type PriceRowInput } from './set-prices';

/**
 * Operator console and CLI: replaces a merchant's pricing rows (none: the platform price list prices it, D13)
 * and, when given, its default price, in one transaction, audited.
 */
export async function updatePricing(
  db: Db,
  input: { organizationId: string; defaultPrice?: string | null; rows: PriceRowInput[]; actor: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [org] = await tx.select({ defaultPrice: organizations.defaultPrice }).from(organizations).where(eq(organizations.id, input.organizationId)).for('update');
    if (!org) throw new ApiError('NOT_FOUND', { message: 'Merchant not found.' });
    const defaultPrice = input.defaultPrice === undefined ? org.defaultPrice : input.defaultPrice === null ? null : toDbAmount(input.defaultPrice);
    const rows = input.rows.map((r) => ({ ...r, price: toDbAmount(r.price) }));
    await tx.update(organizations).set({ defaultPrice, updatedAt: new Date() }).where(eq(organizations.id, input.organizationId));
    await replacePrices(tx, input.organizationId, rows);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'pricing.set',
      targetType: 'pricing',
      targetId: input.organizationId,
      organizationId: input.organizationId,
      details: {
        default_price: { from: org.defaultPrice, to: defaultPrice },
        rows: rows.map(formatPriceSpec),
      },
    });
  });
}
