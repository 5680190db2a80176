import { recordAudit } from '@/server/domain/audit/record-audit';
import { auditableFields, createConnector, getConnectorByName } from '@/server/domain/carrier/connectors';
import { CliError, defineCommand } from '../command';
import { CONNECTOR_OPTIONS, CONNECTOR_USAGE, connectorFields, connectorName } from '../connector-options';

export const addConnectorCommand = defineCommand({
  name: 'add-connector',
  summary: 'Add a carrier connector (D14); SMPP needs --host, --port, --system-id and --password',
  usage: CONNECTOR_USAGE,
  options: CONNECTOR_OPTIONS,
  async run(v, { db, env }) {
    const name = connectorName(v.name);
    const fields = connectorFields(v);
    const kind = fields.kind ?? 'smpp';
    if (kind === 'smpp') {
      for (const [key, flag] of [['host', 'host'], ['port', 'port'], ['systemId', 'system-id'], ['password', 'password']] as const) {
        if (fields[key] === undefined) throw new CliError(`missing --${flag} (an SMPP connector needs it)`);
      }
    }
    const row = await db.transaction(async (tx) => {
      if (await getConnectorByName(tx, name)) throw new CliError(`a connector named ${name} already exists`);
      const created = await createConnector(tx, name, { ...fields, kind }, env.APP_SECRET);
      await recordAudit(tx, { actor: 'cli', action: 'connector.create', targetType: 'connector', targetId: created.id, details: { name, ...auditableFields({ ...fields, kind }) } });
      return created;
    });
    return { data: { connector_id: row.id, name } };
  },
});
