import { apiKeyProcedure } from '@/server/api/trpc';
import { CreateSenderIdRequest, CreatedSenderId } from '@/shared/contracts/sender-ids';
import { requestSenderId } from '@/server/domain/sender-ids/sender-ids';

/** D22: asks for an alphanumeric sender ID; an operator approves or rejects it. */
export const createSenderIdProcedure = apiKeyProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/sender-ids',
      tags: ['Sender IDs'],
      summary: 'Request a sender ID',
      description:
        'Asks for an alphanumeric sender ID (3 to 11 letters, digits and spaces, at least one letter) for your organization: it is `pending` until an operator ' +
        'approves or rejects it, and each decision is posted to your apps\' `webhook_url` (`sender_id.approved`, `sender_id.rejected`, `sender_id.revoked`). ' +
        'In live, only an approved sender ID may be a send\'s `sender_id`. 409 (1141) when your organization already has it pending or approved. ' +
        'Counts against the send rate-limit bucket.',
    },
    rateLimit: 'send',
    successStatus: 201,
    errors: ['INVALID_REQUEST', 'MISSING_FIELD', 'INVALID_FIELD_FORMAT', 'SENDER_ID_EXISTS'],
  })
  .input(CreateSenderIdRequest)
  .output(CreatedSenderId)
  .mutation(({ ctx, input }) => requestSenderId(ctx.db, { ...input, organizationId: ctx.app.organizationId, actor: `api:${ctx.app.appId}`, now: ctx.now() }));
