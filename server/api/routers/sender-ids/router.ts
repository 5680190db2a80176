import { router } from '@/server/api/trpc';
import { createSenderIdProcedure } from './create-sender-id';
import { listDashboardSenderIdsProcedure } from './list-dashboard-sender-ids';
import { listSenderIdsProcedure } from './list-sender-ids';
import { requestSenderIdProcedure } from './request-sender-id';
import { withdrawSenderIdProcedure } from './withdraw-sender-id';

/** D22 sender IDs, the merchant's side (the operator's review is in the operator router). */
export const senderIdsRouter = router({
  // REST (app-key, OpenAPI meta)
  createApi: createSenderIdProcedure,
  listApi: listSenderIdsProcedure,
  // dashboard (session; any member reads, developers and owners request and withdraw; no OpenAPI meta)
  list: listDashboardSenderIdsProcedure,
  request: requestSenderIdProcedure,
  withdraw: withdrawSenderIdProcedure,
});
