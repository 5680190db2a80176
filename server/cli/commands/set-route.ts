import { recordAudit } from '@/server/domain/audit/record-audit';
import { getConnectorByName, setRoute } from '@/server/domain/carrier/connectors';
import { getOrganization } from '@/server/domain/organizations/get-organization';
import { CliError, defineCommand } from '../command';
import * as check from '../validate';

export function routePrefix(value: string | undefined): string {
  const prefix = check.required(value, 'prefix').replace(/^\+/, '');
  if (!/^\d{1,15}$/.test(prefix)) throw new CliError(`bad --prefix "${value}": expected 1 to 15 digits of an E.164 number`);
  return prefix;
}

export const setRouteCommand = defineCommand({
  name: 'set-route',
  summary: 'Route a destination prefix to connectors, in failover order (longest prefix wins; an organization route beats a platform one)',
  usage: '--prefix DIGITS --connectors NAME[,NAME...] [--organization-id ORG]',
  options: { prefix: { type: 'string' }, connectors: { type: 'string' }, 'organization-id': { type: 'string' } },
  async run(v, { db }) {
    const prefix = routePrefix(v.prefix);
    const names = check.required(v.connectors, 'connectors').split(',').map((s) => s.trim());
    if (names.some((n) => n === '')) throw new CliError(`bad --connectors "${v.connectors}": empty name`);
    if (new Set(names).size !== names.length) throw new CliError(`bad --connectors "${v.connectors}": a connector is listed twice`);
    const org = v['organization-id'];
    const routeId = await db.transaction(async (tx) => {
      if (org !== undefined && !(await getOrganization(tx, org))) throw new CliError(`unknown organization ${org}`);
      const ids: string[] = [];
      for (const n of names) {
        const c = await getConnectorByName(tx, n);
        if (!c) throw new CliError(`unknown connector ${n}`);
        ids.push(c.id);
      }
      const id = await setRoute(tx, prefix, org ?? null, ids);
      await recordAudit(tx, { actor: 'cli', action: 'route.set', targetType: 'route', targetId: id, organizationId: org ?? null, details: { prefix, connectors: names } });
      return id;
    });
    return { data: { route_id: routeId, prefix, organization_id: org ?? null, connectors: names } };
  },
});
