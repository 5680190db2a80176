import { merchantProcedure } from '@/server/api/trpc';
import { AddMemberInput, AddMemberResult } from '@/server/contracts/organization';
import { addMember } from '@/server/domain/organizations/members';

/** Adds a person by email (a new account gets a one-time password, answered once). Owners only. */
export const addMemberProcedure = merchantProcedure
  .input(AddMemberInput)
  .output(AddMemberResult)
  .mutation(async ({ ctx, input }) => {
    ctx.requireRole('owner');
    return addMember(ctx.db, { ...input, organizationId: ctx.member.organizationId, actor: `user:${ctx.user.id}`, youId: ctx.user.id, now: ctx.now() });
  });
