import { apiKeyProcedure } from '@/server/api/trpc';
import { OptOut, PhoneParam } from '@/shared/contracts/opt-outs';
import { deleteOptOut } from '@/server/domain/opt-outs/delete-opt-out';

/** D19: takes a phone off the list, unless the subscriber put it there (STOP). */
export const deleteOptOutProcedure = apiKeyProcedure
  .meta({
    openapi: {
      method: 'DELETE',
      path: '/opt-outs/{phone}',
      tags: ['Opt-outs'],
      summary: 'Remove a phone from your opt-out list',
      description:
        'Answers the entry removed and sends `contact.opted_in` to your app\'s inbound URL. ' +
        '404 `Not found` when the phone is not on the list; 409 (1131) when the subscriber opted out by keyword: ' +
        'only their own START lifts that. Counts against the control rate-limit bucket.',
    },
    rateLimit: 'control',
    errors: ['NOT_FOUND', 'OPT_OUT_BY_SUBSCRIBER'],
  })
  .input(PhoneParam)
  .output(OptOut)
  .mutation(({ ctx, input }) =>
    deleteOptOut(ctx.db, {
      organizationId: ctx.app.organizationId,
      defaultCountry: ctx.app.org.defaultCountry,
      phone: input.phone,
      actor: `api:${ctx.app.appId}`,
      source: 'api',
      audience: { appId: ctx.app.appId },
    }),
  );
