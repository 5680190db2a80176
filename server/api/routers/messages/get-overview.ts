import { z } from 'zod';
import { merchantProcedure } from '@/server/api/trpc';
import { Overview } from '@/shared/contracts/overview';
import { getOrganization } from '@/server/domain/organizations/get-organization';
import { getOverview } from '@/server/domain/overview/get-overview';
import { ApiError } from '@/shared/errors/api-error';

/** The overview page: balance, today's sends, 7-day delivery rate, 30 days of SMS and spend, in the merchant timezone. */
export const getOverviewProcedure = merchantProcedure
  .input(z.void())
  .output(Overview)
  .query(async ({ ctx }) => {
    const org = await getOrganization(ctx.db, ctx.member.organizationId);
    if (!org) throw new ApiError('NOT_FOUND');
    return getOverview(ctx.db, org, ctx.now());
  });
