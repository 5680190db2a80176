import { router } from '@/server/api/trpc';
import { getConversationProcedure } from './get-conversation';
import { listConversationsProcedure } from './list-conversations';
import { markReadProcedure } from './mark-read';
import { replyProcedure } from './reply';

/** The dashboard's Inbox (D18; session, no OpenAPI meta): any member reads and marks read, developers and owners reply. */
export const inboxRouter = router({
  list: listConversationsProcedure,
  get: getConversationProcedure,
  markRead: markReadProcedure,
  reply: replyProcedure,
});
