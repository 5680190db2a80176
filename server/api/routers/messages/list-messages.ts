import { merchantProcedure } from '@/server/api/trpc';
import { ListMessagesInput, MessagePage } from '@/shared/contracts/messages-dashboard';
import { listMessages } from '@/server/domain/messages/list-messages';
import { getOrganization } from '@/server/domain/organizations/get-organization';
import { ApiError } from '@/shared/errors/api-error';

/** The organization's send history, newest first: filters (status, type, local date range, phone) and keyset pages. */
export const listMessagesProcedure = merchantProcedure
  .input(ListMessagesInput)
  .output(MessagePage)
  .query(async ({ ctx, input }) => {
    const org = await getOrganization(ctx.db, ctx.member.organizationId);
    if (!org) throw new ApiError('NOT_FOUND');
    return listMessages(
      ctx.db,
      org,
      { status: input.status, sendingType: input.sending_type, from: input.from, to: input.to, phone: input.phone },
      { cursor: input.cursor, direction: input.direction, limit: input.limit },
    );
  });
