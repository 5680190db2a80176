import { apiKeyProcedure } from '@/server/api/trpc';
import { ListApiMessagesInput, MessagesPage } from '@/shared/contracts/reconcile';
import { listApiMessages } from '@/server/domain/messages/reconcile';

/** D17: the caller's messages, newest first, each as GET /status answers it, by cursor pages. */
export const listApiMessagesProcedure = apiKeyProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/messages',
      tags: ['Messages'],
      summary: 'Your messages, newest first (reconciliation)',
      description:
        'Each item is the object `GET /status/{message_id}` returns. Filters combine; `next_cursor` is null on the last page. ' +
        'Counts against the status rate-limit bucket.',
    },
    rateLimit: 'status',
    errors: ['INVALID_FIELD_FORMAT'],
  })
  .input(ListApiMessagesInput)
  .output(MessagesPage)
  .query(({ ctx, input }) => listApiMessages(ctx.db, ctx.app.organizationId, input));
