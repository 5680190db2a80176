import { merchantProcedure } from '@/server/api/trpc';
import { MessageDetail, MessageIdInput } from '@/server/contracts/messages-dashboard';
import { getMessageDetail } from '@/server/domain/messages/get-message-detail';

/** One send of the organization: status and counters (as GET /status), schedule, dispatches, allowed controls. */
export const getMessageProcedure = merchantProcedure
  .input(MessageIdInput)
  .output(MessageDetail)
  .query(({ ctx, input }) => getMessageDetail(ctx.db, ctx.member, input.id));
