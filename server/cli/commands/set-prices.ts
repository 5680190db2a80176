import { recordAudit } from '@/server/domain/audit/record-audit';
import { getOrganization } from '@/server/domain/organizations/get-organization';
import { replacePrices } from '@/server/domain/pricing/set-prices';
import { CliError, defineCommand } from '../command';
import * as check from '../validate';

export const setPricesCommand = defineCommand({
  name: 'set-prices',
  summary: "Replace all of an organization's pricing rows",
  usage: '--organization-id ID --price CC:Network:prefix[,prefix]:P [--price ...]',
  options: { 'organization-id': { type: 'string' }, price: { type: 'string', multiple: true } },
  async run(v, { db }) {
    const organizationId = check.required(v['organization-id'], 'organization-id');
    const rows = check.prices(v.price, 1);
    const count = await db.transaction(async (tx) => {
      const org = await getOrganization(tx, organizationId, { lock: true });
      if (!org) throw new CliError(`unknown organization ${organizationId}`);
      const n = await replacePrices(tx, organizationId, rows);
      await recordAudit(tx, {
        actor: 'cli',
        action: 'pricing.set',
        targetType: 'pricing',
        targetId: organizationId,
        organizationId,
        details: { rows: rows.map((r) => `${r.country}:${r.network}:${r.prefixes.join(',')}:${r.price}`) },
      });
      return n;
    });
    return { data: { organization_id: organizationId, prices: count } };
  },
});
