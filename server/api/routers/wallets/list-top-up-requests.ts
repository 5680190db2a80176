import { z } from 'zod';
import { merchantProcedure } from '@/server/api/trpc';
import { ListTopUpRequestsResult } from '@/shared/contracts/wallet-dashboard';
import { listTopUpRequests } from '@/server/domain/wallets/top-up-requests';

/** The organization's recent top-up requests (live) and their state. */
export const listTopUpRequestsProcedure = merchantProcedure
  .input(z.void())
  .output(ListTopUpRequestsResult)
  .query(async ({ ctx }) => ({ requests: await listTopUpRequests(ctx.db, ctx.member.organizationId) }));
