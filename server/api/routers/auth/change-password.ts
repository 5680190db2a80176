import { z } from 'zod';
import { passwordChangeProcedure } from '@/server/api/trpc';
import { ChangePasswordInput } from '@/shared/contracts/auth';
import { changePassword } from '@/server/domain/users/accounts';

/**
 * The signed-in user's own password (Settings, "Your account", and the
 * one-time password's /change-password page). Every session of the user ends,
 * this one included: the client signs in again with the new password.
 */
export const changePasswordProcedure = passwordChangeProcedure
  .input(ChangePasswordInput)
  .output(z.object({ changed: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await changePassword(ctx.db, { userId: ctx.user.id, currentPassword: input.currentPassword, newPassword: input.newPassword, now: ctx.now() });
    return { changed: true as const };
  });
