import { z } from 'zod';
import { ownerProcedure } from '@/server/api/trpc';
import { RemoveMemberInput } from '@/shared/contracts/organization';
import { removeMember } from '@/server/domain/organizations/members';

/** Owners only; the last owner cannot be removed. The account itself stays (it may belong to other organizations). */
export const removeMemberProcedure = ownerProcedure
  .input(RemoveMemberInput)
  .output(z.object({ removed: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await removeMember(ctx.db, { ...input, organizationId: ctx.member.organizationId, actor: ctx.actor, youId: ctx.user.id });
    return { removed: true as const };
  });
