import { z } from 'zod';
import { userProcedure } from '@/server/api/trpc';
import { ChangePasswordInput } from '@/server/contracts/auth';
import { changePassword } from '@/server/domain/users/accounts';

/** The signed-in user's own password (Settings, "Your account"). */
export const changePasswordProcedure = userProcedure
  .input(ChangePasswordInput)
  .output(z.object({ changed: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await changePassword(ctx.db, { userId: ctx.user.id, currentPassword: input.currentPassword, newPassword: input.newPassword, now: ctx.now() });
    return { changed: true as const };
  });
