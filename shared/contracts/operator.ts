import { z } from 'zod';
import { DbText } from './storable';
import { AppView, KeyStatusValue, AppId } from './keys';
import { AmountText, PriceRowView, TopUpRequestView } from './wallet-dashboard';

/** Operator console contracts (operators only). */
export const OrganizationId = DbText.trim().regex(/^org_[0-9A-Za-z]{1,40}$/, 'Unknown merchant.');

export const MerchantSummary = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  currency: z.string(),
  prepaid: z.number().nullable(),
  postpaid: z.number().nullable(),
  apps: z.number().int(),
  apps_pending: z.number().int(),
  top_ups_pending: z.number().int(),
});
export type MerchantSummary = z.infer<typeof MerchantSummary>;

/** A page of the console's merchant list. */
export const MERCHANT_PAGE_SIZE = 50;

export const ListMerchantsInput = z.object({
  search: DbText.trim().max(100).optional(),
  /** Rows per page (default and most 200). */
  limit: z.number().int().min(1).max(200).optional(),
  cursor: DbText.max(200).optional(),
});
export const ListMerchantsResult = z.object({ merchants: z.array(MerchantSummary), next_cursor: z.string().nullable() });

export const MerchantDetail = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  timezone: z.string(),
  default_country: z.string(),
  currency: z.string(),
  default_price: z.number().nullable(),
  prepaid: z.number().nullable(),
  postpaid: z.number().nullable(),
  apps: z.array(AppView),
  prices: z.array(PriceRowView),
  top_ups: z.array(TopUpRequestView),
  members: z.array(z.object({ user_id: z.string(), email: z.string(), name: z.string(), role: z.string() })),
});
export type MerchantDetail = z.infer<typeof MerchantDetail>;

export const MerchantRef = z.object({ organizationId: OrganizationId });

/** "Revoke sessions" of a dashboard user: every session of theirs ends at once. */
export const RevokeSessionsInput = z.object({ userId: DbText.trim().regex(/^usr_[0-9A-Za-z]{1,40}$/, 'Unknown user.') });
export type RevokeSessionsInput = z.infer<typeof RevokeSessionsInput>;

export const SetKeyStatusInput = z.object({ appId: AppId, status: KeyStatusValue });
export type SetKeyStatusInput = z.infer<typeof SetKeyStatusInput>;

export const PriceRowInput = z.object({
  country: DbText
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Use a 2-letter country code such as CD.'),
  network: DbText.trim().min(1, 'Enter the network name.').max(60),
  /** E.164 prefixes without '+', comma-separated as typed. */
  prefixes: DbText
    .trim()
    .transform((s) => s.split(',').map((p) => p.trim().replace(/^\+/, '')).filter(Boolean))
    .refine((list) => list.length > 0 && list.every((p) => /^\d{1,15}$/.test(p)), 'Enter digits, comma-separated, such as 24381,24382.'),
  price: AmountText.refine((p) => Number(p) > 0, 'The price must be more than 0.'),
});
export type PriceRowInput = z.input<typeof PriceRowInput>;

function noPrefixTwice(v: { rows: Array<{ prefixes: string[] }> }, ctx: z.RefinementCtx) {
  const seen = new Map<string, number>();
  v.rows.forEach((r, i) => {
    for (const p of r.prefixes) {
      if (seen.has(p)) ctx.addIssue({ code: 'custom', path: ['rows', i, 'prefixes'], message: `Prefix ${p} is already priced in row ${seen.get(p)! + 1}.` });
      else seen.set(p, i);
    }
  });
}

export const SetPricesInput = z
  .object({
    organizationId: OrganizationId,
    /** '' = no default price (0.01 applies, D2). */
    defaultPrice: z.union([z.literal(''), AmountText.refine((p) => Number(p) > 0, 'The default price must be more than 0.')]),
    rows: z.array(PriceRowInput).max(200, 'At most 200 rows.'),
  })
  .superRefine(noPrefixTwice);
export type SetPricesInput = z.input<typeof SetPricesInput>;

/** The platform price list (D13): the rows that price every organization without rows of its own. */
export const SetPlatformPricesInput = z.object({ rows: z.array(PriceRowInput).max(200, 'At most 200 rows.') }).superRefine(noPrefixTwice);
export type SetPlatformPricesInput = z.input<typeof SetPlatformPricesInput>;

export const PlatformPrices = z.object({
  rows: z.array(z.object({ id: z.string(), country: z.string(), network: z.string(), prefixes: z.array(z.string()), price: z.number() })),
  /** How many organizations have no rows of their own, i.e. are priced by this list. */
  organizations_priced: z.number().int(),
});
export type PlatformPrices = z.infer<typeof PlatformPrices>;

export const SetCreditLineInput = z.object({ organizationId: OrganizationId, amount: AmountText });
export type SetCreditLineInput = z.infer<typeof SetCreditLineInput>;

export const DecideTopUpInput = z.object({
  requestId: DbText.trim().regex(/^tur_[0-9A-Za-z]{1,40}$/, 'Unknown request.'),
  decision: z.enum(['confirm', 'reject']),
});
export type DecideTopUpInput = z.infer<typeof DecideTopUpInput>;

export const PendingTopUp = TopUpRequestView.extend({ organization_id: z.string(), organization_name: z.string() });
export const ListPendingTopUpsResult = z.object({ requests: z.array(PendingTopUp) });

export const ListAuditInput = z.object({
  organizationId: OrganizationId.optional(),
  cursor: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(200).default(50),
});
export type ListAuditInput = z.input<typeof ListAuditInput>;

export const AuditEntryView = z.object({
  id: z.number().int(),
  created_at: z.string(),
  actor: z.string(),
  /** The email behind a `user:<id>` actor, when that account still exists. */
  actor_email: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  organization_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntryView = z.infer<typeof AuditEntryView>;
export const AuditPage = z.object({ entries: z.array(AuditEntryView), next_cursor: z.number().int().nullable() });
export type AuditPage = z.infer<typeof AuditPage>;
