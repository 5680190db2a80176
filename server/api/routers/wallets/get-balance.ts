import { z } from 'zod';
import { apiKeyProcedure } from '@/server/api/trpc';
import { Balance } from '@/shared/contracts/balance';
import { getBalance } from '@/server/domain/wallets/get-balance';

export const getBalanceProcedure = apiKeyProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/balance',
      tags: ['Wallets'],
      summary: 'Wallet balances and unit price',
      description:
        'Prepaid (SVC_SMS) and postpaid (SVC_POST_PAID) balances, the default segment price and how many SMS the balance buys. May be cached for 30 s (`Cache-Control: private, max-age=30`).',
    },
    rateLimit: 'balance',
    errors: ['WALLET_NOT_FOUND'],
  })
  .input(z.void())
  .output(Balance)
  .query(async ({ ctx }) => {
    const balance = await getBalance(ctx.db, {
      id: ctx.app.organizationId,
      defaultPrice: ctx.app.org.defaultPrice,
      currency: ctx.app.org.currency,
    });
    ctx.res.headers['Cache-Control'] = 'private, max-age=30';
    return balance;
  });
