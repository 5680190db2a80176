import { z } from 'zod';
import { merchantProcedure } from '@/server/api/trpc';
import { WalletOverview } from '@/shared/contracts/wallet-dashboard';
import { getOrganization } from '@/server/domain/organizations/get-organization';
import { getWalletOverview } from '@/server/domain/wallets/wallet-overview';
import { ApiError } from '@/shared/errors/api-error';

/** Prepaid and postpaid balances, unit price and available SMS, computed as GET /balance does. */
export const getWalletOverviewProcedure = merchantProcedure
  .input(z.void())
  .output(WalletOverview)
  .query(async ({ ctx }) => {
    const org = await getOrganization(ctx.db, ctx.member.organizationId);
    if (!org) throw new ApiError('NOT_FOUND');
    return getWalletOverview(ctx.db, { id: org.id, defaultPrice: org.defaultPrice, currency: org.currency }, ctx.env.SMS_ENV);
  });
