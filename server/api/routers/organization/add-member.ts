import { ownerProcedure } from '@/server/api/trpc';
import { AddMemberInput, AddMemberResult } from '@/shared/contracts/organization';
import { addMember } from '@/server/domain/organizations/members';

/** Adds a person by email (a new account gets a one-time password, answered once). Owners only. */
export const addMemberProcedure = ownerProcedure
  .input(AddMemberInput)
  .output(AddMemberResult)
  .mutation(async ({ ctx, input }) => {
    return addMember(ctx.db, { ...input, organizationId: ctx.member.organizationId, actor: ctx.actor, youId: ctx.user.id, now: ctx.now() });
  });
