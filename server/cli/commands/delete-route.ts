import { recordAudit } from '@/server/domain/audit/record-audit';
import { deleteRoute } from '@/server/domain/carrier/connectors';
import { CliError, defineCommand } from '../command';
import { routePrefix } from './set-route';

export const deleteRouteCommand = defineCommand({
  name: 'delete-route',
  summary: 'Remove the route of a prefix (platform, or of one organization)',
  usage: '--prefix DIGITS [--organization-id ORG]',
  options: { prefix: { type: 'string' }, 'organization-id': { type: 'string' } },
  async run(v, { db }) {
    const prefix = routePrefix(v.prefix);
    const org = v['organization-id'] ?? null;
    const id = await db.transaction(async (tx) => {
      const deleted = await deleteRoute(tx, prefix, org);
      if (!deleted) throw new CliError(`no route for prefix ${prefix}${org ? ` of ${org}` : ''}`);
      await recordAudit(tx, { actor: 'cli', action: 'route.delete', targetType: 'route', targetId: deleted, organizationId: org, details: { prefix } });
      return deleted;
    });
    return { data: { route_id: id, prefix, organization_id: org, deleted: true } };
  },
});
