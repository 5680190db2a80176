import { operatorProcedure } from '@/server/api/trpc';
import { SetPricesInput } from '@/shared/contracts/operator';
import { PricingView } from '@/shared/contracts/wallet-dashboard';
import { getOrganization } from '@/server/domain/organizations/get-organization';
import { getPricingView } from '@/server/domain/pricing/list-price-rows';
import { updatePricing } from '@/server/domain/pricing/update-pricing';
import { ApiError } from '@/shared/errors/api-error';

/** Replaces a merchant's pricing rows and default price. */
export const setPricesProcedure = operatorProcedure
  .input(SetPricesInput)
  .output(PricingView)
  .mutation(async ({ ctx, input }) => {
    await updatePricing(ctx.db, {
      organizationId: input.organizationId,
      defaultPrice: input.defaultPrice === '' ? null : input.defaultPrice,
      rows: input.rows,
      actor: ctx.actor,
    });
    const org = await getOrganization(ctx.db, input.organizationId);
    if (!org) throw new ApiError('NOT_FOUND');
    return getPricingView(ctx.db, { id: org.id, defaultPrice: org.defaultPrice, currency: org.currency });
  });
