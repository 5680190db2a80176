import { z } from 'zod';

export const Balance = z
  .object({
    balance: z.number().meta({ description: 'sms_wallet_balance + postpaid_wallet_balance, in currency.', example: 125.5 }),
    sms_wallet_balance: z.number().meta({ description: 'Prepaid SVC_SMS wallet; 0 if none.', example: 100.5 }),
    postpaid_wallet_balance: z.number().meta({ description: 'Postpaid SVC_POST_PAID wallet; 0 if none.', example: 25 }),
    currency: z.string().meta({ description: 'ISO 4217 code of the primary wallet.', example: 'USD' }),
    unit_price: z.number().meta({ description: 'Default price of one segment; 0.01 when none is configured.', example: 0.02 }),
    available_sms: z.number().int().meta({ description: 'floor(balance / unit_price).', example: 6275 }),
  })
  .meta({ id: 'Balance' });
export type Balance = z.infer<typeof Balance>;

