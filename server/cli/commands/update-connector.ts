import { recordAudit } from '@/server/domain/audit/record-audit';
import { auditableFields, getConnectorByName, updateConnector } from '@/server/domain/carrier/connectors';
import { CliError, defineCommand } from '../command';
import { CONNECTOR_OPTIONS, CONNECTOR_USAGE, connectorFields, connectorName } from '../connector-options';

export const updateConnectorCommand = defineCommand({
  name: 'update-connector',
  summary: 'Change a connector (the running worker applies it within 5 s); --enabled off stops its sessions',
  usage: `${CONNECTOR_USAGE} [--enabled on|off]`,
  options: { ...CONNECTOR_OPTIONS, enabled: { type: 'string' } },
  async run(v, { db, env }) {
    const name = connectorName(v.name);
    const fields = connectorFields(v);
    if (Object.keys(fields).length === 0) throw new CliError('give at least one option to change');
    const row = await db.transaction(async (tx) => {
      const current = await getConnectorByName(tx, name, { lock: true });
      if (!current) throw new CliError(`unknown connector ${name}`);
      const updated = await updateConnector(tx, current.id, fields, env.APP_SECRET);
      await recordAudit(tx, { actor: 'cli', action: 'connector.update', targetType: 'connector', targetId: current.id, details: { name, changed: auditableFields(fields) } });
      return updated;
    });
    return { data: { connector_id: row.id, name, enabled: row.enabled } };
  },
});
