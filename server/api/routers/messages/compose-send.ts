import { developerProcedure } from '@/server/api/trpc';
import { ComposeInput, ComposeResult } from '@/shared/contracts/compose';
import { SendRequest } from '@/shared/contracts/send';
import { composeSend } from '@/server/domain/messages/compose-send';
import { fromZodError } from '@/shared/errors/from-zod';

/**
 * Dashboard send as one of the organization's apps (developer or owner): the
 * POST /send contract, a slot of that app's send bucket, then the same
 * submitSend (validation, pricing, schedules, one-transaction charge). Errors carry the JSON paths of `errors[]`.
 */
export const composeSendProcedure = developerProcedure
  .input(ComposeInput)
  .output(ComposeResult)
  .mutation(async ({ ctx, input }) => {
    const parsed = SendRequest.safeParse(input.send);
    if (!parsed.success) throw fromZodError(parsed.error, input.send, 'envelope');
    const now = ctx.now();
    return composeSend(
      ctx.db,
      ctx.member.organizationId,
      { appId: input.app_id, send: parsed.data, idempotencyKey: input.idempotency_key ?? null },
      // The rate-limit window runs on the database clock, as for REST (a test clock, when injected).
      { environment: ctx.env.SMS_ENV, now, slotNow: ctx.clock ? now : null, allowHttpCallbacks: ctx.env.SMS_ENV === 'test' },
    );
  });
