import { z } from 'zod';
import { operatorProcedure } from '@/server/api/trpc';
import { RevokeSessionsInput } from '@/shared/contracts/operator';
import { revokeSessions } from '@/server/domain/users/sessions';

/** Signs a user out everywhere (a lost laptop, a departing employee): their session version moves on. Audited. */
export const revokeSessionsProcedure = operatorProcedure
  .input(RevokeSessionsInput)
  .output(z.object({ revoked: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await revokeSessions(ctx.db, { userId: input.userId, actor: ctx.actor });
    return { revoked: true as const };
  });
