import { z } from 'zod';
import { merchantProcedure } from '@/server/api/trpc';
import { PricingView } from '@/shared/contracts/wallet-dashboard';
import { getOrganization } from '@/server/domain/organizations/get-organization';
import { getPricingView } from '@/server/domain/pricing/list-price-rows';
import { ApiError } from '@/shared/errors/api-error';

/** The organization's pricing rows and the average the calculator uses. */
export const getPricingProcedure = merchantProcedure
  .input(z.void())
  .output(PricingView)
  .query(async ({ ctx }) => {
    const org = await getOrganization(ctx.db, ctx.member.organizationId);
    if (!org) throw new ApiError('NOT_FOUND');
    return getPricingView(ctx.db, { id: org.id, defaultPrice: org.defaultPrice, currency: org.currency });
  });
