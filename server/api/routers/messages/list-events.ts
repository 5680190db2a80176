import { merchantProcedure } from '@/server/api/trpc';
import { EventPage, ListEventsInput } from '@/shared/contracts/messages-dashboard';
import { listMessageEvents } from '@/server/domain/messages/list-message-events';

/** The event timeline of one send, oldest first, with each event's webhook deliveries and attempts. */
export const listEventsProcedure = merchantProcedure
  .input(ListEventsInput)
  .output(EventPage)
  .query(({ ctx, input }) => listMessageEvents(ctx.db, ctx.member.organizationId, input.id, { cursor: input.cursor, limit: input.limit }));
