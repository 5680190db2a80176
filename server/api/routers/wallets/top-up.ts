import { merchantProcedure } from '@/server/api/trpc';
import { TopUpInput, TopUpResult } from '@/shared/contracts/wallet-dashboard';
import { getOrganization } from '@/server/domain/organizations/get-organization';
import { assertRole } from '@/server/domain/users/accounts';
import { requestTopUp } from '@/server/domain/wallets/top-up-requests';
import { ApiError } from '@/shared/errors/api-error';

/**
 * Sandbox: instant test credit (developer or owner). Live: a top-up request an
 * operator confirms (owner, since it commits the organization to pay).
 */
export const topUpProcedure = merchantProcedure
  .use(({ ctx, next }) => {
    assertRole(ctx.member.role, ctx.env.SMS_ENV === 'test' ? 'developer' : 'owner');
    return next({ ctx });
  })
  .input(TopUpInput)
  .output(TopUpResult)
  .mutation(async ({ ctx, input }) => {
    const org = await getOrganization(ctx.db, ctx.member.organizationId);
    if (!org) throw new ApiError('NOT_FOUND');
    return requestTopUp(ctx.db, { ...input, organizationId: org.id, currency: org.currency, environment: ctx.env.SMS_ENV, actor: ctx.actor });
  });
