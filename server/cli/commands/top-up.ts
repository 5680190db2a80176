import { recordAudit } from '@/server/domain/audit/record-audit';
import { getOrganization } from '@/server/domain/organizations/get-organization';
import { topUpWallet, WALLET_BY_FLAG } from '@/server/domain/wallets/top-up';
import { toAmount, toDbAmount } from '@/server/lib/money';
import { CliError, defineCommand } from '../command';
import * as check from '../validate';

export const topUpCommand = defineCommand({
  name: 'top-up',
  summary: "Credit an organization's prepaid or postpaid wallet (opened if missing)",
  usage: '--organization-id ID --wallet prepaid|postpaid --amount A',
  options: { 'organization-id': { type: 'string' }, wallet: { type: 'string' }, amount: { type: 'string' } },
  async run(v, { db }) {
    const organizationId = check.required(v['organization-id'], 'organization-id');
    const wallet = check.required(v.wallet, 'wallet');
    if (wallet !== 'prepaid' && wallet !== 'postpaid') throw new CliError(`bad --wallet "${wallet}": expected prepaid or postpaid`);
    const amount = check.amount(check.required(v.amount, 'amount'), 'amount', { positive: true });
    const type = WALLET_BY_FLAG[wallet];
    const balance = await db.transaction(async (tx) => {
      const org = await getOrganization(tx, organizationId);
      if (!org) throw new CliError(`unknown organization ${organizationId}`);
      const done = await topUpWallet(tx, { organizationId, type, currency: org.currency, amount, actor: 'cli', note: 'operator top-up' });
      await recordAudit(tx, {
        actor: 'cli',
        action: 'wallet.top_up',
        targetType: 'wallet',
        targetId: done.walletId,
        organizationId,
        details: { wallet_type: type, amount: toDbAmount(amount), balance: done.balance },
      });
      return done.balance;
    });
    return {
      data: { organization_id: organizationId, wallet, wallet_type: type, amount: toAmount(amount), balance: toAmount(balance) },
    };
  },
});
