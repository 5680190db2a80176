import { apiKeyProcedure } from '@/server/api/trpc';
import { ListOptOutsInput, OptOutsPage } from '@/shared/contracts/opt-outs';
import { listOptOuts } from '@/server/domain/opt-outs/list-opt-outs';

/** D19: the caller's organization's opt-out list, newest first, by cursor pages. */
export const listOptOutsProcedure = apiKeyProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/opt-outs',
      tags: ['Opt-outs'],
      summary: 'Your opt-out list, newest first',
      description:
        'Phones that must not receive your messages. `phone` narrows the list to one number (national numbers use your default country). ' +
        '`next_cursor` is null on the last page. Counts against the status rate-limit bucket.',
    },
    rateLimit: 'status',
    errors: ['INVALID_FIELD_FORMAT'],
  })
  .input(ListOptOutsInput)
  .output(OptOutsPage)
  .query(({ ctx, input }) => listOptOuts(ctx.db, ctx.app.organizationId, ctx.app.org.defaultCountry, input));
