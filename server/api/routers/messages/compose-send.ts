import { merchantProcedure } from '@/server/api/trpc';
import { ComposeInput, ComposeResult } from '@/server/contracts/compose';
import { SendRequest } from '@/server/contracts/send';
import { composeSend } from '@/server/domain/messages/compose-send';
import { fromZodError } from '@/server/errors/from-zod';

/**
 * Dashboard send as one of the organization's apps (developer or owner): the
 * POST /send contract, then the same submitSend (validation, pricing,
 * schedules, one-transaction charge). Errors carry the JSON paths of `errors[]`.
 */
export const composeSendProcedure = merchantProcedure
  .input(ComposeInput)
  .output(ComposeResult)
  .mutation(async ({ ctx, input }) => {
    ctx.requireRole('developer');
    const parsed = SendRequest.safeParse(input.send);
    if (!parsed.success) throw fromZodError(parsed.error, input.send, 'envelope');
    const answer = await composeSend(
      ctx.db,
      ctx.member.organizationId,
      { appId: input.app_id, send: parsed.data, idempotencyKey: input.idempotency_key ?? null },
      { environment: ctx.env.SMS_ENV, now: ctx.now(), allowHttpCallbacks: ctx.env.SMS_ENV === 'test' },
    );
    return answer.data;
  });
