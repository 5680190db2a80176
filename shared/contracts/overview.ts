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

/** The periods the Overview's per-network report offers, in local days ending today (D13). */
export const NETWORK_REPORT_PERIODS = [7, 30, 90] as const;
export const NetworkReportInput = z.object({ days: z.union([z.literal(7), z.literal(30), z.literal(90)]).default(30) });
export type NetworkReportInput = z.infer<typeof NetworkReportInput>;

/** One network of the per-network report (D13): the recipients of the sends created in the period priced by it. */
export const NetworkReportRow = z.object({
  /** The price row's country and network; both null for the default price or a price row replaced since. */
  country: z.string().nullable(),
  network: z.string().nullable(),
  /** true: numbers no price row matched, charged the default price (D2). */
  default_price: z.boolean(),
  /** Reached a carrier (accepted at submission): still sent, delivered, or failed afterwards. */
  sent: z.number().int(),
  delivered: z.number().int(),
  /** Every failed recipient, refused before any carrier included (the Overview's delivery rate counts them too). */
  failed: z.number().int(),
  /** Of `failed`, those that never reached a carrier (refused at submission, no route, opted out): refunded (D20). */
  not_sent: z.number().int(),
  /** delivered / (delivered + failed), 0..1; null when none is final. */
  rate: z.number().nullable(),
  /** What these recipients were charged and not refunded: price x segments of every recipient not cancelled and not failed before a carrier. */
  spend: z.number(),
});
export type NetworkReportRow = z.infer<typeof NetworkReportRow>;

export const NetworkReport = z.object({
  days: z.number().int(),
  /** First and last local date of the period, YYYY-MM-DD, in `timezone`. */
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  currency: z.string(),
  /** Highest spend first, the default price last. */
  networks: z.array(NetworkReportRow),
});
export type NetworkReport = z.infer<typeof NetworkReport>;
