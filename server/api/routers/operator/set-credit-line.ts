import { z } from 'zod';
import { operatorProcedure } from '@/server/api/trpc';
import { SetCreditLineInput } from '@/shared/contracts/operator';
import { setCreditLine } from '@/server/domain/wallets/set-credit-line';

/** Postpaid agreement: sets the postpaid wallet to the amount with one `adjustment` ledger row. */
export const setCreditLineProcedure = operatorProcedure
  .input(SetCreditLineInput)
  .output(z.object({ postpaid: z.number(), adjustment: z.number() }))
  .mutation(({ ctx, input }) => setCreditLine(ctx.db, { ...input, actor: ctx.actor }));
