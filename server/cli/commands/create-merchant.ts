import { firstSigningSecret } from '@/server/domain/keys/rotate-signing-secret';
import { createMerchant } from '@/server/domain/organizations/create-merchant';
import { toDbAmount } from '@/server/lib/money';
import { defineCommand } from '../command';
import * as check from '../validate';

export const createMerchantCommand = defineCommand({
  name: 'create-merchant',
  summary: 'Create an organization with its app, API key and webhook signing secret, wallets, prices and webhook',
  usage:
    '--name N [--prepaid A] [--postpaid A] [--currency USD] [--timezone Africa/Kinshasa] [--default-country CD] ' +
    '[--default-price P] [--price CC:Network:prefix[,prefix]:P]... [--webhook-url U] ' +
    '[--webhook-username U --webhook-password P] [--key-status S]',
  options: {
    name: { type: 'string' },
    prepaid: { type: 'string' },
    postpaid: { type: 'string' },
    currency: { type: 'string' },
    timezone: { type: 'string' },
    'default-country': { type: 'string' },
    'default-price': { type: 'string' },
    price: { type: 'string', multiple: true },
    'webhook-url': { type: 'string' },
    'webhook-username': { type: 'string' },
    'webhook-password': { type: 'string' },
    'key-status': { type: 'string' },
  },
  async run(v, { db, env }) {
    const input = {
      name: check.required(v.name, 'name'),
      prepaid: v.prepaid === undefined ? undefined : check.amount(v.prepaid, 'prepaid'),
      postpaid: v.postpaid === undefined ? undefined : check.amount(v.postpaid, 'postpaid'),
      currency: check.currency(v.currency ?? 'USD'),
      timezone: check.timezone(v.timezone ?? 'Africa/Kinshasa'),
      defaultCountry: check.country(v['default-country'] ?? 'CD'),
      defaultPrice: v['default-price'] === undefined ? null : toDbAmount(check.amount(v['default-price'], 'default-price', { positive: true })),
      prices: check.prices(v.price, 0),
      webhook: check.webhook(
        { url: v['webhook-url'], username: v['webhook-username'], password: v['webhook-password'] },
        'webhook-url',
        env,
      ),
      keyStatus: v['key-status'] === undefined ? undefined : check.keyStatus(v['key-status'], 'key-status'),
      environment: env.SMS_ENV,
      actor: 'cli',
    };
    const created = await createMerchant(db, input, env.APP_SECRET);
    return {
      data: {
        organization_id: created.organizationId,
        app_id: created.appId,
        api_key: created.apiKey,
        key_status: created.keyStatus,
        signing_secret: firstSigningSecret(env.APP_SECRET, created.appId),
      },
      note: 'The API key and the webhook signing secret are shown only this once: store them now.',
    };
  },
});
