import { replacePlatformPrices } from '@/server/domain/pricing/platform-prices';
import { updatePricing } from '@/server/domain/pricing/update-pricing';
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
    await updatePricing(db, { organizationId, rows, actor: 'cli' });
    const count = rows.length;
    return { data: { organization_id: organizationId, prices: count } };
  },
});
