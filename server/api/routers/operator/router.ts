import { router } from '@/server/api/trpc';
import { assignNumberProcedure } from './assign-number';
import { createConnectorProcedure } from './create-connector';
import { decideSenderIdProcedure } from './decide-sender-id';
import { decideTopUpProcedure } from './decide-top-up';
import { deleteRouteProcedure } from './delete-route';
import { getMerchantProcedure } from './get-merchant';
import { getPlatformPricesProcedure } from './get-platform-prices';
import { getSystemStatusProcedure } from './get-system-status';
import { listAuditProcedure } from './list-audit';
import { listConnectorsProcedure } from './list-connectors';
import { listMerchantsProcedure } from './list-merchants';
import { listNumbersProcedure } from './list-numbers';
import { listPendingTopUpsProcedure } from './list-pending-top-ups';
import { listSenderIdsProcedure } from './list-sender-ids';
import { listUnroutedInboundProcedure } from './list-unrouted-inbound';
import { releaseNumberProcedure } from './release-number';
import { revokeSessionsProcedure } from './revoke-sessions';
import { setCreditLineProcedure } from './set-credit-line';
import { setKeyStatusProcedure } from './set-key-status';
import { setPlatformPricesProcedure } from './set-platform-prices';
import { setPricesProcedure } from './set-prices';
import { setRouteProcedure } from './set-route';
import { updateConnectorProcedure } from './update-connector';

/** Operator console procedures (operators only; one file per procedure beside this router). */
export const operatorRouter = router({
  listMerchants: listMerchantsProcedure,
  getMerchant: getMerchantProcedure,
  setKeyStatus: setKeyStatusProcedure,
  setPrices: setPricesProcedure,
  getPlatformPrices: getPlatformPricesProcedure,
  setPlatformPrices: setPlatformPricesProcedure,
  setCreditLine: setCreditLineProcedure,
  listPendingTopUps: listPendingTopUpsProcedure,
  decideTopUp: decideTopUpProcedure,
  listAudit: listAuditProcedure,
  revokeSessions: revokeSessionsProcedure,
  listConnectors: listConnectorsProcedure,
  createConnector: createConnectorProcedure,
  updateConnector: updateConnectorProcedure,
  setRoute: setRouteProcedure,
  deleteRoute: deleteRouteProcedure,
  getSystemStatus: getSystemStatusProcedure,
  listUnroutedInbound: listUnroutedInboundProcedure,
  listNumbers: listNumbersProcedure,
  assignNumber: assignNumberProcedure,
  releaseNumber: releaseNumberProcedure,
  listSenderIds: listSenderIdsProcedure,
  decideSenderId: decideSenderIdProcedure,
});
