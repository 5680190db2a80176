import { router } from '@/server/api/trpc';
import { getConversationProcedure } from './get-conversation';
import { listConversationsProcedure } from './list-conversations';
import { markReadProcedure } from './mark-read';
import { replyProcedure } from './reply';
import { webhookLogProcedure } from './webhook-log';

/** The dashboard's Inbox (D18; session, no OpenAPI meta): any member reads, marks read and reads an MO's webhook log, developers and owners reply. */
export const inboxRouter = router({
  list: listConversationsProcedure,
  get: getConversationProcedure,
  markRead: markReadProcedure,
  reply: replyProcedure,
  webhookLog: webhookLogProcedure,
});
