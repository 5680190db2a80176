import { operatorProcedure } from '@/server/api/trpc';
import { RouteChanged, SetRouteInput } from '@/shared/contracts/connectors';
import { putRoute } from '@/server/domain/carrier/manage-connectors';

/** Replaces the route of a prefix (platform, or one organization's) with connectors in failover order. */
export const setRouteProcedure = operatorProcedure
  .input(SetRouteInput)
  .output(RouteChanged)
  .mutation(async ({ ctx, input }) => {
    const organizationId = input.organizationId ?? null;
    const id = await putRoute(ctx.db, { prefix: input.prefix, organizationId, connectors: input.connectors, actor: ctx.actor });
    return { route_id: id, prefix: input.prefix, organization_id: organizationId, connectors: input.connectors };
  });
