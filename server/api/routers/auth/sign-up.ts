import { z } from 'zod';
import { publicDashboardProcedure } from '@/server/api/trpc';
import { SignUpInput } from '@/shared/contracts/auth';
import { clientAddress } from '@/server/domain/rate-limits/auth-throttle';
import { signUp } from '@/server/domain/users/accounts';

/** Sign-up, throttled per client address (SIGN_UPS_PER_MINUTE) before any hashing. */
export const signUpProcedure = publicDashboardProcedure
  .input(SignUpInput)
  .output(z.object({ organizationId: z.string() }))
  .mutation(async ({ ctx, input }) => {
    const { organizationId } = await signUp(ctx.db, input, { address: clientAddress(ctx.headers), perMinute: ctx.env.SIGN_UPS_PER_MINUTE });
    return { organizationId };
  });
