import { apiKeyProcedure } from '@/server/api/trpc';
import { InboundPage, ListInboundInput } from '@/shared/contracts/inbound';
import { listInbound } from '@/server/domain/inbound/list-inbound';

/** D18: the caller's organization's inbound messages (MO), newest first, by cursor pages. */
export const listInboundProcedure = apiKeyProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/inbound',
      tags: ['Inbound'],
      summary: 'SMS sent to your numbers, newest first',
      description:
        'Each item is the `data` of its `sms.received` event plus `inbound_id`. `from` narrows to one sender (national numbers use your ' +
        'default country), `to` to one of your numbers, `received_since` (inclusive) to what came at or after a moment. ' +
        '`next_cursor` is null on the last page. Counts against the status rate-limit bucket.',
    },
    rateLimit: 'status',
    errors: ['INVALID_FIELD_FORMAT'],
  })
  .input(ListInboundInput)
  .output(InboundPage)
  .query(({ ctx, input }) => listInbound(ctx.db, { id: ctx.app.organizationId, defaultCountry: ctx.app.org.defaultCountry, timezone: ctx.app.org.timezone }, input));
