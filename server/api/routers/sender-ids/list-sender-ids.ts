import { apiKeyProcedure } from '@/server/api/trpc';
import { ListSenderIdsInput, SenderIdsList } from '@/shared/contracts/sender-ids';
import { listSenderIds } from '@/server/domain/sender-ids/sender-ids';

/** D22: the organization's sender IDs, newest first. */
export const listSenderIdsProcedure = apiKeyProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/sender-ids',
      tags: ['Sender IDs'],
      summary: "Your organization's sender IDs",
      description:
        'Every sender ID your organization requested, newest first, with its state (`pending`, `approved`, `rejected`, `revoked`) and, when rejected or revoked, the reason. ' +
        '`state` narrows the list to one state. Counts against the status rate-limit bucket.',
    },
    rateLimit: 'status',
    errors: ['INVALID_FIELD_FORMAT'],
  })
  .input(ListSenderIdsInput)
  .output(SenderIdsList)
  .query(async ({ ctx, input }) => ({ items: await listSenderIds(ctx.db, ctx.app.organizationId, input) }));
