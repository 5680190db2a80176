import { router } from '@/server/api/trpc';
import { getBalanceProcedure } from './get-balance';
import { getWalletOverviewProcedure } from './get-wallet-overview';
import { listLedgerProcedure } from './list-ledger';
import { listTopUpRequestsProcedure } from './list-top-up-requests';
import { topUpProcedure } from './top-up';

export const walletsRouter = router({
  getBalance: getBalanceProcedure,
  // dashboard (no OpenAPI meta)
  overview: getWalletOverviewProcedure,
  topUp: topUpProcedure,
  listLedger: listLedgerProcedure,
  listTopUpRequests: listTopUpRequestsProcedure,
});
