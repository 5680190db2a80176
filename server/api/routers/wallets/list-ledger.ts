import { merchantProcedure } from '@/server/api/trpc';
import { LedgerPage, ListLedgerInput } from '@/shared/contracts/wallet-dashboard';
import { getOrganization } from '@/server/domain/organizations/get-organization';
import { listLedger } from '@/server/domain/wallets/list-ledger';
import { ApiError } from '@/shared/errors/api-error';

/** The organization's ledger with running balances, filtered, newest first, by cursor. */
export const listLedgerProcedure = merchantProcedure
  .input(ListLedgerInput)
  .output(LedgerPage)
  .query(async ({ ctx, input }) => {
    const org = await getOrganization(ctx.db, ctx.member.organizationId);
    if (!org) throw new ApiError('NOT_FOUND');
    return listLedger(ctx.db, { organizationId: org.id, timezone: org.timezone, filter: input.filter, cursor: input.cursor, limit: input.limit });
  });
