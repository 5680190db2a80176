import { merchantProcedure } from '@/server/api/trpc';
import { MarkReadInput, MarkReadResult } from '@/shared/contracts/inbox';
import { markConversationRead } from '@/server/domain/inbox/mark-read';

/** A member (any role) was shown the conversation's MO up to `through`: they are read for the whole organization. */
export const markReadProcedure = merchantProcedure
  .input(MarkReadInput)
  .output(MarkReadResult)
  .mutation(({ ctx, input }) => markConversationRead(ctx.db, ctx.member.organizationId, input.phone, new Date(input.through)));
