import { z } from 'zod';
import { DbText } from './storable';
import { SMART_ENCODING_MODES } from '@/shared/messages/smart-encoding';
import { SendResult, type SendRequest } from './send';

/**
 * Dashboard compose: what the form needs to preview a send in the browser
 * (apps that may send, the organization's prices, timezone, balance) and the
 * mutation that submits it through the same submitSend as POST /send.
 */
export const ComposeApp = z.object({
  app_id: z.string(),
  name: z.string(),
  environment: z.enum(['test', 'live']),
  /** `sk_test_…abcd`: never the key itself. */
  key_hint: z.string(),
});
export type ComposeApp = z.infer<typeof ComposeApp>;

export const ComposePricingRow = z.object({
  id: z.string(),
  country: z.string(),
  network: z.string(),
  prefixes: z.array(z.string()),
  /** Decimal string, price of one segment. */
  price: z.string(),
});
export type ComposePricingRow = z.infer<typeof ComposePricingRow>;

export const ComposeOptions = z.object({
  apps: z.array(ComposeApp),
  /** Apps of the organization that exist but cannot send (wrong environment or key not allowed). */
  blocked_apps: z.number().int(),
  role: z.enum(['owner', 'developer', 'viewer']),
  can_send: z.boolean(),
  environment: z.enum(['test', 'live']),
  timezone: z.string(),
  default_country: z.string(),
  currency: z.string(),
  currency_symbol: z.string(),
  /** Price of a segment to a number no pricing row matches (D2; 0.01 when none is set). */
  default_price: z.string(),
  pricing_rows: z.array(ComposePricingRow),
  /** Prepaid + postpaid; null when the organization has no wallet yet. */
  balance: z.number().nullable(),
  /** D22: what the sender field offers: the organization's approved sender IDs and its numbers and short codes. */
  senders: z.object({ approved: z.array(z.string()), numbers: z.array(z.string()) }),
  /** D21: the organization's smart encoding, Compose's first choice. */
  smart_encoding: z.enum(SMART_ENCODING_MODES),
  /** Compose asks to confirm a send whose total is above this (the owner's setting, 50 by default) or above half the balance. */
  confirm_amount: z.number(),
});
export type ComposeOptions = z.infer<typeof ComposeOptions>;

/**
 * `send` is the POST /send body. It is checked inside the procedure with the
 * same SendRequest contract (so its errors carry JSON paths such as `to[3]`),
 * not by tRPC's input parser.
 */
export const ComposeInput = z.object({
  app_id: DbText.min(1, 'Choose the app to send as.'),
  /** One per compose form: a double submit charges once (D12). */
  idempotency_key: DbText.min(1).max(255).optional(),
  send: z.custom<SendRequest>(() => true),
});
export type ComposeInput = z.infer<typeof ComposeInput>;

export const ComposeResult = SendResult;
export type ComposeResult = z.infer<typeof ComposeResult>;
