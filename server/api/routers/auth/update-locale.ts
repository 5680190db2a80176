import { z } from 'zod';
import { userProcedure } from '@/server/api/trpc';
import { UpdateLocaleInput } from '@/shared/contracts/auth';
import { updateUserLocale } from '@/server/domain/users/accounts';

/** The signed-in user's dashboard language (Settings, "Your account"; D23). The page reloads in it. */
export const updateLocaleProcedure = userProcedure
  .input(UpdateLocaleInput)
  .output(z.object({ locale: UpdateLocaleInput.shape.locale }))
  .mutation(async ({ ctx, input }) => {
    await updateUserLocale(ctx.db, { userId: ctx.user.id, locale: input.locale, now: ctx.now() });
    return { locale: input.locale };
  });
