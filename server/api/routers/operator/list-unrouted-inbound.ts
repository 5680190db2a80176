import { operatorProcedure } from '@/server/api/trpc';
import { ListUnroutedInboundInput, UnroutedInboundPage } from '@/shared/contracts/inbound';
import { listUnroutedInbound } from '@/server/domain/inbound/list-unrouted';

/** The console's Inbound page (D18): MO no number routed, newest first. */
export const listUnroutedInboundProcedure = operatorProcedure
  .input(ListUnroutedInboundInput)
  .output(UnroutedInboundPage)
  .query(({ ctx, input }) => listUnroutedInbound(ctx.db, input));
