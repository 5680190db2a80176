import { addConnector } from '@/server/domain/carrier/manage-connectors';
import { defineCommand } from '../command';
import { asUserError, CONNECTOR_OPTIONS, CONNECTOR_USAGE, connectorFields, connectorName, connectorToCreate } from '../connector-options';

export const addConnectorCommand = defineCommand({
  name: 'add-connector',
  summary: 'Add a carrier connector (D14); SMPP needs --host, --port, --system-id and --password',
  usage: CONNECTOR_USAGE,
  options: CONNECTOR_OPTIONS,
  async run(v, { db, env }) {
    const name = connectorName(v.name);
    const fields = connectorFields(v);
    connectorToCreate(name, fields);
    const row = await asUserError(addConnector(db, { name, fields, actor: 'cli', secret: env.APP_SECRET }));
    return { data: { connector_id: row.id, name } };
  },
});
