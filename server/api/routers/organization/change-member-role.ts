import { merchantProcedure } from '@/server/api/trpc';
import { ChangeRoleInput, MemberView } from '@/server/contracts/organization';
import { changeMemberRole } from '@/server/domain/organizations/members';

/** Owners only; the last owner cannot be demoted. */
export const changeMemberRoleProcedure = merchantProcedure
  .input(ChangeRoleInput)
  .output(MemberView)
  .mutation(async ({ ctx, input }) => {
    ctx.requireRole('owner');
    return changeMemberRole(ctx.db, { ...input, organizationId: ctx.member.organizationId, actor: `user:${ctx.user.id}`, youId: ctx.user.id });
  });
