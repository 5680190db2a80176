import { z } from 'zod';
import { merchantProcedure } from '@/server/api/trpc';
import { ListMembersResult } from '@/shared/contracts/organization';
import { listMembers } from '@/server/domain/organizations/members';

export const listMembersProcedure = merchantProcedure
  .input(z.void())
  .output(ListMembersResult)
  .query(async ({ ctx }) => ({ members: await listMembers(ctx.db, ctx.member.organizationId, ctx.user.id) }));
