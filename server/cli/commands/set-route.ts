import { putRoute } from '@/server/domain/carrier/manage-connectors';
import { CliError, defineCommand } from '../command';
import { asUserError } from '../connector-options';
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
    const org = v['organization-id'] ?? null;
    const routeId = await asUserError(putRoute(db, { prefix, organizationId: org, connectors: names, actor: 'cli' }));
    return { data: { route_id: routeId, prefix, organization_id: org, connectors: names } };
  },
});
