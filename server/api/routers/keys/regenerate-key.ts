import { developerProcedure } from '@/server/api/trpc';
import { AppRef, KeyWithSecret } from '@/shared/contracts/keys';
import { regenerateKey } from '@/server/domain/keys/regenerate-key';

/** Replaces the key of one of the organization's apps; the old key stops at once. Developer or owner. */
export const regenerateKeyProcedure = developerProcedure
  .input(AppRef)
  .output(KeyWithSecret)
  .mutation(async ({ ctx, input }) => {
    return regenerateKey(ctx.db, {
      organizationId: ctx.member.organizationId,
      appId: input.appId,
      environment: ctx.env.SMS_ENV,
      secret: ctx.env.APP_SECRET,
      actor: ctx.actor,
    });
  });
