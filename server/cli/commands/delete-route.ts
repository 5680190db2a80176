import { removeRoute } from '@/server/domain/carrier/manage-connectors';
import { defineCommand } from '../command';
import { asUserError } from '../connector-options';
import { routePrefix } from './set-route';

export const deleteRouteCommand = defineCommand({
  name: 'delete-route',
  summary: 'Remove the route of a prefix (platform, or of one organization)',
  usage: '--prefix DIGITS [--organization-id ORG]',
  options: { prefix: { type: 'string' }, 'organization-id': { type: 'string' } },
  async run(v, { db }) {
    const prefix = routePrefix(v.prefix);
    const org = v['organization-id'] ?? null;
    const id = await asUserError(removeRoute(db, { prefix, organizationId: org, actor: 'cli' }));
    return { data: { route_id: id, prefix, organization_id: org, deleted: true } };
  },
});
