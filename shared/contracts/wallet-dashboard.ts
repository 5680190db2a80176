import { z } from 'zod';
import { DATE_RANGE_MESSAGE, DbText, isDateInRange } from './storable';

/** Dashboard contracts of the wallet page: balances, top-ups, the ledger and its CSV export. */
export const WALLET_FLAGS = ['prepaid', 'postpaid'] as const;
export const WalletFlag = z.enum(WALLET_FLAGS, { error: 'Choose the prepaid or the postpaid wallet.' });
export type WalletFlag = z.infer<typeof WalletFlag>;

export const LEDGER_TYPES = ['top_up', 'charge', 'refund', 'adjustment'] as const;
export const LedgerType = z.enum(LEDGER_TYPES, { error: 'Choose a known entry type.' });

export const MAX_TOP_UP = 1_000_000;

/** A money amount as typed: a decimal with at most 4 places (never a float on the way in). */
export const AmountText = DbText
  .trim()
  .regex(/^\d{1,14}(\.\d{1,4})?$/, 'Enter an amount such as 25 or 12.50 (at most 4 decimals).');

/**
 * What a balance buys, as every dashboard page shows it (Overview, Wallet, Calculator): the same effective price
 * rows the send charges by (D13) and the Calculator's arithmetic (D2), so the pages agree with each other and with
 * POST /calculate for that amount. `GET /balance` keeps the spec's `floor(balance / unit_price)` at the default price.
 */
export const BalanceBuys = z.object({
  /** floor(balance / price). */
  sms: z.number().int(),
  /** The price per segment the count used. */
  price: z.number(),
  /**
   * `networks_average`: the plain mean of the effective rows rounded to 4 decimals (POST /calculate's
   * `average_price`); `default_price`: no rows anywhere, so every number pays the default price.
   */
  basis: z.enum(['networks_average', 'default_price']),
  /** Rows in the average (0 with the default price). */
  networks: z.number().int(),
  /** Whose rows (D13): the organization's own, the platform price list, or none. */
  source: z.enum(['organization', 'platform', 'none']),
  /** Cheapest and dearest row: what one segment of a real send costs, network by network; null without rows. */
  lowest: z.number().nullable(),
  highest: z.number().nullable(),
});
export type BalanceBuys = z.infer<typeof BalanceBuys>;

export const WalletOverview = z.object({
  currency: z.string(),
  currency_symbol: z.string(),
  environment: z.enum(['test', 'live']),
  /** null: the organization has no wallet of that type yet. */
  prepaid: z.number().nullable(),
  postpaid: z.number().nullable(),
  balance: z.number(),
  /** D2's default price: what a number that matches no row pays (GET /balance's `unit_price`). */
  default_price: z.number(),
  buys: BalanceBuys,
});
export type WalletOverview = z.infer<typeof WalletOverview>;

export const TopUpInput = z.object({
  wallet: WalletFlag,
  amount: AmountText.refine((a) => Number(a) > 0, 'The amount must be more than 0.').refine(
    (a) => Number(a) <= MAX_TOP_UP,
    `At most ${MAX_TOP_UP.toLocaleString('en-US')} per top-up.`,
  ),
  /** Live requests: a payment reference for the operator (bank transfer, invoice). */
  reference: DbText.trim().max(120, 'Use at most 120 characters.').optional(),
});
export type TopUpInput = z.infer<typeof TopUpInput>;

export const TopUpRequestView = z.object({
  id: z.string(),
  wallet: WalletFlag,
  amount: z.number(),
  state: z.enum(['pending', 'confirmed', 'rejected']),
  reference: z.string().nullable(),
  requested_by: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type TopUpRequestView = z.infer<typeof TopUpRequestView>;

export const TopUpResult = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('credited'), wallet: WalletFlag, amount: z.number(), balance: z.number() }),
  z.object({ mode: z.literal('requested'), request: TopUpRequestView }),
]);
export type TopUpResult = z.infer<typeof TopUpResult>;

const isoDate = DbText
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2026-11-21.')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'Not a real date.')
  .refine(isDateInRange, DATE_RANGE_MESSAGE);

/** Ledger filters; dates are days in the organization's time zone, both inclusive. */
export const LedgerFilter = z
  .object({
    wallet: WalletFlag.optional(),
    type: LedgerType.optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { path: ['to'], message: 'The end date is before the start date.' });
export type LedgerFilter = z.infer<typeof LedgerFilter>;

/** Filters as they come from a query string: empty values mean "any". */
export function ledgerFilterFromParams(params: Record<string, string | string[] | undefined>) {
  const pick = (k: string) => {
    const v = params[k];
    const s = Array.isArray(v) ? v[0] : v;
    return s && s.trim() !== '' ? s.trim() : undefined;
  };
  return LedgerFilter.safeParse({ wallet: pick('wallet'), type: pick('type'), from: pick('from'), to: pick('to') });
}

export const ListLedgerInput = z.object({
  filter: LedgerFilter,
  /** The id of the last row of the previous page (rows come newest first). */
  cursor: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(200).default(25),
});
export type ListLedgerInput = z.input<typeof ListLedgerInput>;

export const LedgerEntryView = z.object({
  id: z.number().int(),
  created_at: z.string(),
  wallet: WalletFlag,
  type: LedgerType,
  amount: z.number(),
  balance_after: z.number(),
  message_id: z.string().nullable(),
  note: z.string().nullable(),
  actor: z.string(),
});
export type LedgerEntryView = z.infer<typeof LedgerEntryView>;

export const LedgerPage = z.object({ entries: z.array(LedgerEntryView), next_cursor: z.number().int().nullable() });
export type LedgerPage = z.infer<typeof LedgerPage>;

export const ListTopUpRequestsResult = z.object({ requests: z.array(TopUpRequestView) });

/** Pricing rows behind the calculator's average (D2). */
export const PriceRowView = z.object({
  id: z.string(),
  country: z.string(),
  network: z.string(),
  prefixes: z.array(z.string()),
  price: z.number(),
});
export type PriceRowView = z.infer<typeof PriceRowView>;

export const PricingView = z.object({
  rows: z.array(PriceRowView),
  /** Whose rows these are (D13): the organization's own, the platform price list, or none at all. */
  source: z.enum(['organization', 'platform', 'none']),
  /** Mean of the rows rounded to 4 decimals, as POST /calculate uses it; null without rows. */
  average_price: z.number().nullable(),
  default_price: z.number(),
  currency: z.string(),
  currency_symbol: z.string(),
});
export type PricingView = z.infer<typeof PricingView>;
