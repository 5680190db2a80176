import { apiKeyProcedure } from '@/server/api/trpc';
import { SimulateInboundRequest, SimulateInboundResult } from '@/shared/contracts/inbound';
import { simulateInbound } from '@/server/domain/carrier/simulate-inbound';
import { ApiError } from '@/shared/errors/api-error';

/** D18, the sandbox: an MO from a phone to one of the caller's numbers, down the carriers' path (carrier `simulator`). */
export const simulateInboundProcedure = apiKeyProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/inbound/simulate',
      tags: ['Inbound'],
      summary: 'Sandbox: simulate an SMS sent to one of your numbers',
      description:
        'Sandbox keys only (in production this path answers 404 like an unknown one). The MO is stored, listed by GET /inbound and ' +
        'posted as `sms.received` to the app\'s inbound_url, as a carrier\'s would be (`carrier`: `simulator`). `to` (with the ' +
        'first word of `text` as keyword, on a shared short code) must route to one of your apps: else 400 (1110) and nothing is ' +
        'stored. Counts against the send rate-limit bucket.',
    },
    rateLimit: 'send',
    successStatus: 202,
    sandboxOnly: true,
    errors: ['INVALID_REQUEST', 'MISSING_FIELD', 'INVALID_FIELD_FORMAT', 'ROUTE_NOT_FOUND'],
  })
  .input(SimulateInboundRequest)
  .output(SimulateInboundResult)
  .mutation(({ ctx, input }) => {
    // (the REST core answers 404 before the key in production; this holds for any other caller)
    if (ctx.env.SMS_ENV !== 'test') throw new ApiError('ROUTE_NOT_FOUND');
    return simulateInbound(ctx.db, { organizationId: ctx.app.organizationId, defaultCountry: ctx.app.org.defaultCountry, ...input }, ctx.now());
  });
