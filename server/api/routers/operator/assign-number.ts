import { operatorProcedure } from '@/server/api/trpc';
import { AssignNumberInput, NumberDetail } from '@/shared/contracts/numbers';
import { assignNumber } from '@/server/domain/numbers/assign-number';
import { toNumberDetail } from '@/server/domain/numbers/list-numbers';

/** D18: gives an app a number, a short code's catch-all or a short code + keyword ('' keyword: none). */
export const assignNumberProcedure = operatorProcedure
  .input(AssignNumberInput)
  .output(NumberDetail)
  .mutation(async ({ ctx, input }) => {
    const row = await assignNumber(ctx.db, { appId: input.appId, number: input.number, keyword: input.keyword || null, actor: ctx.actor });
    return toNumberDetail(row);
  });
