import { z } from 'zod';
import { BalanceBuys } from './wallet-dashboard';
import { MessageStatus } from './send';

/** The dashboard overview: balance, today's sends, delivery rate and 30 days of SMS and spend. */
export const OVERVIEW_DAYS = 30;
export const DELIVERY_RATE_DAYS = 7;

export const OverviewDay = z.object({
  /** Local date in the merchant timezone, YYYY-MM-DD. */
  date: z.string(),
  sends: z.number().int(),
  /** SMS billed for the sends created that day: segments x recipients x dispatches, less what was cancelled. */
  sms: z.number().int(),
  /** What those sends cost, less what was refunded to the wallets. */
  spend: z.number(),
  delivered: z.number().int(),
  failed: z.number().int(),
});
export type OverviewDay = z.infer<typeof OverviewDay>;

export const Overview = z.object({
  timezone: z.string(),
  currency: z.string(),
  currency_symbol: z.string(),
  balance: z
    .object({
      /** null: the organization has no wallet of that type (no postpaid agreement), as the wallet page says. */
      prepaid: z.number().nullable(),
      postpaid: z.number().nullable(),
      total: z.number(),
      /** D2's default price (GET /balance's `unit_price`). */
      default_price: z.number(),
      buys: BalanceBuys,
    })
    .nullable(),
  has_app: z.boolean(),
  has_sends: z.boolean(),
  today: OverviewDay,
  delivery_rate: z.object({
    days: z.number().int(),
    delivered: z.number().int(),
    failed: z.number().int(),
    /** delivered / (delivered + failed), 0..1; null when nothing reached a terminal state. */
    rate: z.number().nullable(),
  }),
  /**
   * Of the sends created in these days, the one whose deliveries change soonest (active before paused, being
   * delivered before waiting, then by its next send); null when every delivery of these days is final. The page
   * refreshes while there is one, by the rule of the message page.
   */
  in_progress: MessageStatus.pick({ status: true, pending: true, next_dispatch_at: true }).nullable(),
  /** Oldest first, one entry per local day, today last. */
  days: z.array(OverviewDay),
});
export type Overview = z.infer<typeof Overview>;
