import { z } from 'zod';
import { publicProcedure } from '@/server/api/trpc';
import { SignUpInput } from '@/server/contracts/auth';
import { signUp } from '@/server/domain/users/accounts';

export const signUpProcedure = publicProcedure
  .input(SignUpInput)
  .output(z.object({ organizationId: z.string() }))
  .mutation(async ({ ctx, input }) => {
    const { organizationId } = await signUp(ctx.db, input);
    return { organizationId };
  });
