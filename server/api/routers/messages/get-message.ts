import { merchantProcedure } from '@/server/api/trpc';
import { MessageDetail, MessageDetailInput } from '@/shared/contracts/messages-dashboard';
import { getMessageDetail } from '@/server/domain/messages/get-message-detail';

/** One send of the organization: status and counters (as GET /status), schedule, dispatches, allowed controls, and the recipient rows asked for, in one snapshot. */
export const getMessageProcedure = merchantProcedure
  .input(MessageDetailInput)
  .output(MessageDetail)
  .query(({ ctx, input }) => getMessageDetail(ctx.db, ctx.member, input.id, input.recipients));
