import { developerProcedure } from '@/server/api/trpc';
import { AppRef, RotatedSigningSecret } from '@/shared/contracts/keys';
import { rotateSigningSecret } from '@/server/domain/keys/rotate-signing-secret';

/** A new webhook signing secret, shown once; the previous one signs too for 24 h. Developer or owner. */
export const rotateSigningSecretProcedure = developerProcedure
  .input(AppRef)
  .output(RotatedSigningSecret)
  .mutation(async ({ ctx, input }) => {
    return ctx.db.transaction((tx) =>
      rotateSigningSecret(tx, { appId: input.appId, organizationId: ctx.member.organizationId, secret: ctx.env.APP_SECRET, actor: ctx.actor, now: ctx.now() }),
    );
  });
