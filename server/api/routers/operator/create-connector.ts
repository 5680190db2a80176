import { operatorProcedure } from '@/server/api/trpc';
import { ConnectorChanged, CreateConnectorInput } from '@/shared/contracts/connectors';
import { addConnector } from '@/server/domain/carrier/manage-connectors';
import { connectorDetail, fieldsOf } from './connector-result';

/** Adds a connector (SMPP needs host, port, system ID and password), audited as `connector.create`. */
export const createConnectorProcedure = operatorProcedure
  .input(CreateConnectorInput)
  .output(ConnectorChanged)
  .mutation(async ({ ctx, input }) => {
    await addConnector(ctx.db, { name: input.name, fields: fieldsOf(input), actor: ctx.actor, secret: ctx.env.APP_SECRET });
    return connectorDetail(ctx.db, input.name);
  });
