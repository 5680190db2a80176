import { merchantProcedure } from '@/server/api/trpc';
import { NumbersList } from '@/shared/contracts/numbers';
import { listOrganizationNumbers } from '@/server/domain/numbers/list-numbers';

/** The API keys page's numbers (any member): what GET /numbers answers. */
export const listDashboardNumbersProcedure = merchantProcedure
  .output(NumbersList)
  .query(async ({ ctx }) => ({ items: await listOrganizationNumbers(ctx.db, ctx.member.organizationId) }));
