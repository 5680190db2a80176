import { operatorProcedure } from '@/server/api/trpc';
import { ConnectorChanged, UpdateConnectorInput } from '@/shared/contracts/connectors';
import { changeConnector } from '@/server/domain/carrier/manage-connectors';
import { connectorDetail, fieldsOf } from './connector-result';

/** Changes the given settings or enables/disables a connector (no password = keep it), audited as `connector.update`. */
export const updateConnectorProcedure = operatorProcedure
  .input(UpdateConnectorInput)
  .output(ConnectorChanged)
  .mutation(async ({ ctx, input }) => {
    await changeConnector(ctx.db, { name: input.name, fields: fieldsOf(input), actor: ctx.actor, secret: ctx.env.APP_SECRET });
    return connectorDetail(ctx.db, input.name);
  });
