import { merchantProcedure } from '@/server/api/trpc';
import { ControlMessageInput, ControlMessageResult } from '@/server/contracts/messages-dashboard';
import { controlSend } from '@/server/domain/messages/control-send';

/** Cancel, pause or resume a scheduled or recurring send from the dashboard: the same controlSend as the REST endpoints (D6). */
export const controlMessageProcedure = merchantProcedure
  .input(ControlMessageInput)
  .output(ControlMessageResult)
  .mutation(({ ctx, input }) => {
    ctx.requireRole('developer');
    return controlSend(ctx.db, ctx.member.organizationId, input.id, input.action, ctx.now(), `user:${ctx.user.id}`);
  });
