import { operatorProcedure } from '@/server/api/trpc';
import { DeleteRouteInput, RouteDeleted } from '@/shared/contracts/connectors';
import { removeRoute } from '@/server/domain/carrier/manage-connectors';

/** Removes the route of a prefix (platform, or one organization's). */
export const deleteRouteProcedure = operatorProcedure
  .input(DeleteRouteInput)
  .output(RouteDeleted)
  .mutation(async ({ ctx, input }) => {
    const organizationId = input.organizationId ?? null;
    const id = await removeRoute(ctx.db, { prefix: input.prefix, organizationId, actor: ctx.actor });
    return { route_id: id, prefix: input.prefix, organization_id: organizationId, deleted: true as const };
  });
