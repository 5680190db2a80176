import { operatorProcedure } from '@/server/api/trpc';
import { ReleaseNumberInput, ReleasedNumber } from '@/shared/contracts/numbers';
import { releaseNumber } from '@/server/domain/numbers/release-number';

/** D18: takes back a number, a short code's catch-all ('' keyword) or one keyword of a short code. */
export const releaseNumberProcedure = operatorProcedure
  .input(ReleaseNumberInput)
  .output(ReleasedNumber)
  .mutation(async ({ ctx, input }) => {
    const row = await releaseNumber(ctx.db, { number: input.number, keyword: input.keyword || null, actor: ctx.actor });
    return { released: true as const, number: row.number, keyword: row.keyword };
  });
