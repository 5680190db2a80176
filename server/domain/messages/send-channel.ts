import type { KeywordReply } from '@/db/schema';

/**
 * Where the send came from, shown on its page; SMPP sends (D15) keep what the submit_sm asked for receipts, and the
 * gateway's replies to D19 keywords (sendKeywordReply only) the keyword they answer.
 */
export type SendChannel =
  | { channel: 'api' }
  | { channel: 'dashboard' }
  | { channel: 'smpp'; registeredDelivery: number; udh?: string | null }
  | { channel: 'keyword'; reply: KeywordReply };


/** Whose send it is: the app and its organization's currency. */
export type SendingApp = { appId: string; organizationId: string; currency: string };
