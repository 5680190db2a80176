import { developerProcedure } from '@/server/api/trpc';
import { ControlMessageInput, ControlMessageResult } from '@/shared/contracts/messages-dashboard';
import { controlSend } from '@/server/domain/messages/control-send';

/** Cancel, pause or resume a scheduled or recurring send from the dashboard: the same controlSend as the REST endpoints (D6). */
export const controlMessageProcedure = developerProcedure
  .input(ControlMessageInput)
  .output(ControlMessageResult)
  .mutation(({ ctx, input }) => {
    return controlSend(ctx.db, ctx.member.organizationId, input.id, input.action, ctx.now(), ctx.actor);
  });
