import { operatorProcedure } from '@/server/api/trpc';
import { DecideTopUpInput } from '@/shared/contracts/operator';
import { TopUpRequestView } from '@/shared/contracts/wallet-dashboard';
import { decideTopUp } from '@/server/domain/wallets/decide-top-up';

/** Confirm (credits the wallet once) or reject a live top-up request. */
export const decideTopUpProcedure = operatorProcedure
  .input(DecideTopUpInput)
  .output(TopUpRequestView)
  .mutation(({ ctx, input }) => decideTopUp(ctx.db, { ...input, actor: ctx.actor, now: ctx.now() }));
