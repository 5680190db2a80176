import { merchantProcedure } from '@/server/api/trpc';
import { SenderIdsList } from '@/shared/contracts/sender-ids';
import { listSenderIds } from '@/server/domain/sender-ids/sender-ids';

/** The Sender IDs page (any member): what GET /sender-ids answers. */
export const listDashboardSenderIdsProcedure = merchantProcedure
  .output(SenderIdsList)
  .query(async ({ ctx }) => ({ items: await listSenderIds(ctx.db, ctx.member.organizationId) }));
