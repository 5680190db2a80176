import { recordAudit } from '@/server/domain/audit/record-audit';
import { getOrganization } from '@/server/domain/organizations/get-organization';
import { replacePlatformPrices } from '@/server/domain/pricing/platform-prices';
import { replacePrices } from '@/server/domain/pricing/set-prices';
import { CliError, defineCommand } from '../command';
import * as check from '../validate';

export const setPricesCommand = defineCommand({
  name: 'set-prices',
  summary: "Replace an organization's pricing rows (--clear: none, so the platform list prices it), or the platform price list (--platform)",
  usage: '(--organization-id ID | --platform) --price CC:Network:prefix[,prefix]:P [--price ...]  |  --organization-id ID --clear',
  options: {
    'organization-id': { type: 'string' },
    platform: { type: 'boolean' },
    clear: { type: 'boolean' },
    price: { type: 'string', multiple: true },
  },
  async run(v, { db }) {
    if (v.platform) {
      if (v['organization-id'] !== undefined) throw new CliError('give either --platform or --organization-id, not both');
      if (v.clear) throw new CliError('--clear is for an organization (the platform list needs at least one --price)');
      const rows = check.prices(v.price, 1);
      const count = await replacePlatformPrices(db, rows, 'cli');
      return { data: { platform: true, prices: count } };
    }
    const organizationId = check.required(v['organization-id'], 'organization-id');
    if (v.clear && v.price?.length) throw new CliError('give either --clear or --price, not both');
    const rows = v.clear ? [] : check.prices(v.price, 1);
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
