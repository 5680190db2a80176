import { router } from '@/server/api/trpc';
import { composeSendProcedure } from './compose-send';
import { controlMessageProcedure } from './control-message';
import { cancelSendProcedure, pauseSendProcedure, resumeSendProcedure } from './control-send';
import { getComposeOptionsProcedure } from './get-compose-options';
import { getMessageProcedure } from './get-message';
import { getNetworkReportProcedure } from './get-network-report';
import { getOverviewProcedure } from './get-overview';
import { getStatusProcedure } from './get-status';
import { listApiMessagesProcedure } from './list-api-messages';
import { listApiRecipientsProcedure } from './list-api-recipients';
import { listEventsProcedure } from './list-events';
import { listMessagesProcedure } from './list-messages';
import { listRecipientsProcedure } from './list-recipients';
import { replayEventProcedure } from './replay-event';
import { sendMessageProcedure } from './send-message';

export const messagesRouter = router({
  // REST (app-key, OpenAPI meta)
  send: sendMessageProcedure,
  getStatus: getStatusProcedure,
  cancel: cancelSendProcedure,
  pause: pauseSendProcedure,
  resume: resumeSendProcedure,
  listApi: listApiMessagesProcedure,
  listApiRecipients: listApiRecipientsProcedure,
  // dashboard (session; no OpenAPI meta)
  composeOptions: getComposeOptionsProcedure,
  compose: composeSendProcedure,
  list: listMessagesProcedure,
  get: getMessageProcedure,
  recipients: listRecipientsProcedure,
  events: listEventsProcedure,
  replayEvent: replayEventProcedure,
  control: controlMessageProcedure,
  overview: getOverviewProcedure,
  networkReport: getNetworkReportProcedure,
});
