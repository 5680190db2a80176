import { ownerProcedure } from '@/server/api/trpc';
import { OrganizationView, UpdateKeywordRepliesInput } from '@/shared/contracts/organization';
import { updateKeywordReplies } from '@/server/domain/organizations/update-keyword-replies';
import { toOrganizationView } from './get-organization';

/** D19, D23: the replies to STOP, START and HELP in one language (each 1-320 characters, `{organization}` for the name). Owners only. */
export const updateKeywordRepliesProcedure = ownerProcedure
  .input(UpdateKeywordRepliesInput)
  .output(OrganizationView)
  .mutation(async ({ ctx, input }) => {
    const org = await updateKeywordReplies(ctx.db, { ...input, organizationId: ctx.member.organizationId, actor: ctx.actor });
    return toOrganizationView(org, ctx.env.SMS_ENV, ctx.member.role);
  });
