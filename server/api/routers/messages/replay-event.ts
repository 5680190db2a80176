import { developerProcedure } from '@/server/api/trpc';
import { ReplayEventInput, ReplayEventResult } from '@/shared/contracts/messages-dashboard';
import { replayMessageEvent } from '@/server/domain/messages/list-message-events';

/** Queues a new delivery of an event (same event_id and body) to today's destination (D10). Developer or owner. */
export const replayEventProcedure = developerProcedure
  .input(ReplayEventInput)
  .output(ReplayEventResult)
  .mutation(({ ctx, input }) => {
    return replayMessageEvent(ctx.db, ctx.member.organizationId, input.event_id, ctx.now());
  });
