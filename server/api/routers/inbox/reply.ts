import { developerProcedure } from '@/server/api/trpc';
import { ReplyInput, ReplyResult } from '@/shared/contracts/inbox';
import { replyToConversation } from '@/server/domain/inbox/reply';

/**
 * The Inbox's reply box (developers and owners, as Compose): an ordinary billed send to the conversation's phone as
 * one of the organization's apps. Errors carry POST /send's JSON paths (`message`, `sender_id`, `app_id`).
 */
export const replyProcedure = developerProcedure
  .input(ReplyInput)
  .output(ReplyResult)
  .mutation(({ ctx, input }) => {
    const now = ctx.now();
    return replyToConversation(
      ctx.db,
      ctx.member.organizationId,
      { phone: input.phone, appId: input.app_id, idempotencyKey: input.idempotency_key, send: input.send ?? {} },
      // The rate-limit window runs on the database clock, as for REST (a test clock, when injected).
      { environment: ctx.env.SMS_ENV, now, slotNow: ctx.clock ? now : null, allowHttpCallbacks: ctx.env.SMS_ENV === 'test' },
    );
  });
