import { router } from '@/server/api/trpc';
import { cancelSendProcedure, pauseSendProcedure, resumeSendProcedure } from './control-send';
import { getStatusProcedure } from './get-status';
import { sendMessageProcedure } from './send-message';

export const messagesRouter = router({
  send: sendMessageProcedure,
  getStatus: getStatusProcedure,
  cancel: cancelSendProcedure,
  pause: pauseSendProcedure,
  resume: resumeSendProcedure,
});
