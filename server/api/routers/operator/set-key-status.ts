import { operatorProcedure } from '@/server/api/trpc';
import { AppView } from '@/shared/contracts/keys';
import { SetKeyStatusInput } from '@/shared/contracts/operator';
import { changeKeyStatus } from '@/server/domain/keys/change-key-status';

/** Approve, suspend, lock, revoke, expire or reject a key; the API answers the status's 403 from the next request. */
export const setKeyStatusProcedure = operatorProcedure
  .input(SetKeyStatusInput)
  .output(AppView)
  .mutation(({ ctx, input }) => changeKeyStatus(ctx.db, { ...input, actor: ctx.actor }));
