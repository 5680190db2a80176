import { listConnectors } from '@/server/domain/carrier/connectors';
import { defineCommand } from '../command';

export const listConnectorsCommand = defineCommand({
  name: 'list-connectors',
  summary: 'Connectors with the live state of their sessions, and routes',
  usage: '',
  options: {},
  async run(_v, { db }) {
    const data = await listConnectors(db);
    return { data };
  },
});
