import type { Db } from '@/db/client';
import type { ConnectorDetail } from '@/shared/contracts/connectors';
import type { ConnectorFields } from '@/server/domain/carrier/connectors';
import { listConnectorDetails } from '@/server/domain/carrier/list-connector-details';

/** The settings a contract input carries, without the name and absent keys. */
export function fieldsOf(input: Record<string, unknown>): ConnectorFields {
  const { name: _name, ...rest } = input;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as ConnectorFields;
}

/** The console's view of one connector after a change (the password never leaves the server). */
export async function connectorDetail(db: Db, name: string): Promise<{ connector: ConnectorDetail }> {
  const { connectors } = await listConnectorDetails(db);
  return { connector: connectors.find((c) => c.name === name)! };
}
