import type { Db } from '@/db/client';
import { gatewayApps, organizations, type KeyStatus } from '@/db/schema';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { generateApiKey, type KeyEnvironment } from '@/server/domain/keys/api-keys';
import { replacePrices, type PriceRowInput } from '@/server/domain/pricing/set-prices';
import { topUpWallet } from '@/server/domain/wallets/top-up';
import { encryptSecret } from '@/server/lib/crypto';
import { newId } from '@/server/lib/ids';
import type { Money } from '@/server/lib/money';

export type CreateMerchantInput = {
  name: string;
  currency: string;
  timezone: string;
  defaultCountry: string;
  defaultPrice: string | null;
  /** A wallet is opened only when its amount is given (0 allowed). */
  prepaid?: Money;
  postpaid?: Money;
  prices: PriceRowInput[];
  webhook?: { url: string; username?: string; password?: string };
  /** Default: `allowed` for sandbox keys, `pending_validation` for live keys (D9). */
  keyStatus?: KeyStatus;
  environment: KeyEnvironment;
  actor: string;
};

export type CreatedMerchant = { organizationId: string; appId: string; apiKey: string; keyStatus: KeyStatus };

/** Organization, app + key, wallets with their opening ledger rows, prices and the audit row: all or nothing. */
export async function createMerchant(db: Db, input: CreateMerchantInput, secret: string): Promise<CreatedMerchant> {
  return db.transaction(async (tx) => {
    const organizationId = newId('org');
    const appId = newId('app');
    const key = generateApiKey(input.environment, secret);
    const keyStatus = input.keyStatus ?? (input.environment === 'test' ? 'allowed' : 'pending_validation');
    await tx.insert(organizations).values({
      id: organizationId,
      name: input.name,
      timezone: input.timezone,
      defaultCountry: input.defaultCountry,
      defaultPrice: input.defaultPrice,
      currency: input.currency,
    });
    await tx.insert(gatewayApps).values({
      id: appId,
      organizationId,
      name: `${input.name} ${input.environment === 'test' ? 'sandbox' : 'live'} app`,
      environment: input.environment,
      status: keyStatus,
      keyDigest: key.digest,
      keyPrefix: key.prefix,
      keyLast4: key.last4,
      webhookUrl: input.webhook?.url ?? null,
      webhookUsername: input.webhook?.username ?? null,
      webhookPasswordEnc: input.webhook?.password ? encryptSecret(secret, input.webhook.password) : null,
    });
    const wallets: Array<['SVC_SMS' | 'SVC_POST_PAID', Money | undefined]> = [
      ['SVC_SMS', input.prepaid],
      ['SVC_POST_PAID', input.postpaid],
    ];
    for (const [type, amount] of wallets) {
      if (amount === undefined) continue;
      await topUpWallet(tx, { organizationId, type, currency: input.currency, amount, actor: input.actor, note: 'opening balance' });
    }
    await replacePrices(tx, organizationId, input.prices);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'merchant.create',
      targetType: 'organization',
      targetId: organizationId,
      organizationId,
      details: {
        app_id: appId,
        key_status: keyStatus,
        prepaid: input.prepaid?.toString() ?? null,
        postpaid: input.postpaid?.toString() ?? null,
        prices: input.prices.length,
        webhook: input.webhook ? { url: input.webhook.url, basic_auth: Boolean(input.webhook.username) } : null,
      },
    });
    return { organizationId, appId, apiKey: key.plain, keyStatus };
  });
}
