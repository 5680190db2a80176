import { ownerProcedure } from '@/server/api/trpc';
import { ChangeRoleInput, MemberView } from '@/shared/contracts/organization';
import { changeMemberRole } from '@/server/domain/organizations/members';

/** Owners only; the last owner cannot be demoted. */
export const changeMemberRoleProcedure = ownerProcedure
  .input(ChangeRoleInput)
  .output(MemberView)
  .mutation(async ({ ctx, input }) => {
    return changeMemberRole(ctx.db, { ...input, organizationId: ctx.member.organizationId, actor: ctx.actor, youId: ctx.user.id });
  });
