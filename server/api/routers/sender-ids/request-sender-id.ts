import { developerProcedure } from '@/server/api/trpc';
import { CreateSenderIdRequest, SenderId } from '@/shared/contracts/sender-ids';
import { requestSenderId } from '@/server/domain/sender-ids/sender-ids';

/** The Sender IDs page's "Request" (developer or owner): POST /sender-ids's contract. */
export const requestSenderIdProcedure = developerProcedure
  .input(CreateSenderIdRequest)
  .output(SenderId)
  .mutation(({ ctx, input }) => requestSenderId(ctx.db, { ...input, organizationId: ctx.member.organizationId, actor: ctx.actor, now: ctx.now() }));
