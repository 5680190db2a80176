import { changeConnector } from '@/server/domain/carrier/manage-connectors';
import { defineCommand } from '../command';
import { asUserError, CONNECTOR_OPTIONS, CONNECTOR_USAGE, connectorFields, connectorName, connectorToUpdate } from '../connector-options';

export const updateConnectorCommand = defineCommand({
  name: 'update-connector',
  summary: 'Change a connector (the running worker applies it within 5 s); --enabled off stops its sessions',
  usage: `${CONNECTOR_USAGE} [--enabled on|off]`,
  options: { ...CONNECTOR_OPTIONS, enabled: { type: 'string' } },
  async run(v, { db, env }) {
    const name = connectorName(v.name);
    const fields = connectorFields(v);
    connectorToUpdate(name, fields);
    const row = await asUserError(changeConnector(db, { name, fields, actor: 'cli', secret: env.APP_SECRET }));
    return { data: { connector_id: row.id, name, enabled: row.enabled } };
  },
});
