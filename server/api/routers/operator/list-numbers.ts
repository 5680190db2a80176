import { operatorProcedure } from '@/server/api/trpc';
import { ListNumbersInput, NumbersOverview } from '@/shared/contracts/numbers';
import { listNumbers, toNumberDetail } from '@/server/domain/numbers/list-numbers';

/** D18: assigned numbers, every merchant's or one's. */
export const listNumbersProcedure = operatorProcedure
  .input(ListNumbersInput)
  .output(NumbersOverview)
  .query(async ({ ctx, input }) => ({ numbers: (await listNumbers(ctx.db, { organizationId: input.organizationId })).map(toNumberDetail) }));
