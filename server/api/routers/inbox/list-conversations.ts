import { merchantProcedure } from '@/server/api/trpc';
import { ConversationsPage, ListConversationsInput } from '@/shared/contracts/inbox';
import { listConversations } from '@/server/domain/inbox/list-conversations';
import { getOrganization } from '@/server/domain/organizations/get-organization';
import { ApiError } from '@/shared/errors/api-error';

/** The Inbox's list (any member): the organization's conversations, newest activity first, with unread marks. */
export const listConversationsProcedure = merchantProcedure
  .input(ListConversationsInput)
  .output(ConversationsPage)
  .query(async ({ ctx, input }) => {
    const org = await getOrganization(ctx.db, ctx.member.organizationId);
    if (!org) throw new ApiError('NOT_FOUND');
    return listConversations(ctx.db, { id: org.id, timezone: org.timezone }, { cursor: input.cursor, limit: input.limit });
  });
