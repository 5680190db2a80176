import { developerProcedure } from '@/server/api/trpc';
import { AppRef, TestEventResult } from '@/shared/contracts/keys';
import { sendTestEvent } from '@/server/domain/keys/send-test-event';

/** POSTs a marked sample event to the app's webhook and answers status, latency and error. Developer or owner. */
export const sendTestEventProcedure = developerProcedure
  .input(AppRef)
  .output(TestEventResult)
  .mutation(async ({ ctx, input }) => {
    return sendTestEvent(ctx.db, { organizationId: ctx.member.organizationId, appId: input.appId, actor: ctx.actor, now: ctx.now() }, ctx.env);
  });
