import { apiKeyProcedure } from '@/server/api/trpc';
import { ListApiRecipientsInput, RecipientsPage } from '@/shared/contracts/reconcile';
import { listApiRecipients } from '@/server/domain/messages/reconcile';

/** D17: one message's deliveries (recipient x dispatch) with their states and prices, by cursor pages. */
export const listApiRecipientsProcedure = apiKeyProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/messages/{message_id}/recipients',
      tags: ['Messages'],
      summary: "A message's deliveries, one per recipient and dispatch (reconciliation)",
      description:
        'In the order they were written (dispatch, then position in `to`). An unknown id and another merchant\'s id both answer 404 `{"detail": "Message not found"}`; a send older than the retention (D24) 404 `{"detail": "Message expired"}`. ' +
        'Counts against the status rate-limit bucket.',
    },
    rateLimit: 'status',
    errors: ['MESSAGE_NOT_FOUND', 'MESSAGE_EXPIRED', 'INVALID_FIELD_FORMAT'],
  })
  .input(ListApiRecipientsInput)
  .output(RecipientsPage)
  .query(({ ctx, input }) => listApiRecipients(ctx.db, ctx.app.organizationId, input, { now: ctx.now(), retentionDays: ctx.env.RETENTION_DAYS }));
