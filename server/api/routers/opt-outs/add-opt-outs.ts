import { apiKeyProcedure } from '@/server/api/trpc';
import { AddOptOutsRequest, AddOptOutsResult } from '@/shared/contracts/opt-outs';
import { addOptOuts } from '@/server/domain/opt-outs/add-opt-outs';
import { normalizeAll } from '@/server/domain/opt-outs/phones';

/** D19: puts up to 1000 phones on the list (source `api`); listed phones keep their entry. */
export const addOptOutsProcedure = apiKeyProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/opt-outs',
      tags: ['Opt-outs'],
      summary: 'Add phones to your opt-out list',
      description:
        '1 to 1000 phones, read like POST /send recipients. `added` counts the phones put on the list, `already` those that were on it ' +
        '(their entry is unchanged). Each phone added sends `contact.opted_out` to your app\'s inbound URL. ' +
        'One invalid phone refuses the whole request: 400 (1110) naming each bad index (`phones[3]`). ' +
        'Counts against the control rate-limit bucket.',
    },
    rateLimit: 'control',
    errors: ['INVALID_REQUEST', 'MISSING_FIELD', 'INVALID_FIELD_FORMAT', 'LIMIT_EXCEEDED'],
  })
  .input(AddOptOutsRequest)
  .output(AddOptOutsResult)
  .mutation(({ ctx, input }) => {
    const phones = normalizeAll(input.phones, ctx.app.org.defaultCountry, 'phones');
    return addOptOuts(ctx.db, {
      organizationId: ctx.app.organizationId,
      phones,
      source: 'api',
      reason: input.reason || null,
      actor: `api:${ctx.app.appId}`,
      audience: { appId: ctx.app.appId },
    });
  });
