import { operatorProcedure } from '@/server/api/trpc';
import { DecideSenderIdInput, ReviewedSenderId } from '@/shared/contracts/sender-ids';
import { decideSenderId } from '@/server/domain/sender-ids/review';

/** Approve or reject a pending sender ID, or revoke an approved one, with the reason (D22); audited, posted as sender_id.*. */
export const decideSenderIdProcedure = operatorProcedure
  .input(DecideSenderIdInput)
  .output(ReviewedSenderId)
  .mutation(({ ctx, input }) => decideSenderId(ctx.db, { ...input, actor: ctx.actor, now: ctx.now() }));
