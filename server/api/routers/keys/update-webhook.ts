import { developerProcedure } from '@/server/api/trpc';
import { AppView, UpdateWebhookInput } from '@/shared/contracts/keys';
import { updateWebhook } from '@/server/domain/keys/update-webhook';

/** Webhook URL and Basic credentials; the password is write-only (answered as `password_set` only). Developer or owner; credentials are the owners' (domain). */
export const updateWebhookProcedure = developerProcedure
  .input(UpdateWebhookInput)
  .output(AppView)
  .mutation(async ({ ctx, input }) => {
    return updateWebhook(ctx.db, {
      ...input,
      organizationId: ctx.member.organizationId,
      environment: ctx.env.SMS_ENV,
      secret: ctx.env.APP_SECRET,
      actor: ctx.actor,
      role: ctx.member.role,
    });
  });
