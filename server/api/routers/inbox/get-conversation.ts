import { merchantProcedure } from '@/server/api/trpc';
import { ConversationView, GetConversationInput } from '@/shared/contracts/inbox';
import { getConversation } from '@/server/domain/inbox/get-conversation';
import { getOrganization } from '@/server/domain/organizations/get-organization';
import { ApiError } from '@/shared/errors/api-error';

/** One conversation of the Inbox (any member): a page of its MO and sends, and the numbers a reply may go from. Reading marks nothing: markRead does. */
export const getConversationProcedure = merchantProcedure
  .input(GetConversationInput)
  .output(ConversationView)
  .query(async ({ ctx, input }) => {
    const org = await getOrganization(ctx.db, ctx.member.organizationId);
    if (!org) throw new ApiError('NOT_FOUND');
    return getConversation(
      ctx.db,
      { id: org.id, timezone: org.timezone, defaultCountry: org.defaultCountry },
      { phone: input.phone, cursor: input.cursor, limit: input.limit },
      { environment: ctx.env.SMS_ENV, now: ctx.now() },
    );
  });
