import { developerProcedure } from '@/server/api/trpc';
import { CreateAppInput, CreatedApp } from '@/shared/contracts/keys';
import { createApp } from '@/server/domain/keys/create-app';

/** A new app and key in this deployment's environment; the only answer that ever holds the plain key and the first signing secret. Developer or owner. */
export const createAppProcedure = developerProcedure
  .input(CreateAppInput)
  .output(CreatedApp)
  .mutation(async ({ ctx, input }) => {
    return createApp(ctx.db, {
      organizationId: ctx.member.organizationId,
      name: input.name,
      environment: ctx.env.SMS_ENV,
      secret: ctx.env.APP_SECRET,
      actor: ctx.actor,
    });
  });
