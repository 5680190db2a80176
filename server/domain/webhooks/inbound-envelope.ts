import type { InboundEventType, SenderIdEventType, WalletEventType } from '@/db/schema';

/** The order of each inbound event's `data` fields on the wire (jsonb keeps no key order). */
export const INBOUND_DATA_FIELDS: Record<InboundEventType, readonly string[]> = {
  'sms.received': ['from', 'to', 'keyword', 'text', 'encoding', 'segments', 'complete', 'received_at', 'carrier', 'in_reply_to', 'opt_out'],
  'contact.opted_out': ['phone', 'source', 'number'],
  'contact.opted_in': ['phone', 'source', 'number'],
};

/** D22's sender ID decisions (sender-ids/sender-id-events.ts), and with them every event without a message or MO. */
const SENDER_ID_DATA_FIELDS = ['id', 'sender_id', 'state', 'reason', 'decided_at'] as const;
const MESSAGELESS_DATA_FIELDS: Record<InboundEventType | SenderIdEventType | WalletEventType, readonly string[]> = {
  ...INBOUND_DATA_FIELDS,
  'sender_id.approved': SENDER_ID_DATA_FIELDS,
  'sender_id.rejected': SENDER_ID_DATA_FIELDS,
  'sender_id.revoked': SENDER_ID_DATA_FIELDS,
  'wallet.low_balance': ['balance', 'threshold', 'currency'],
};

/**
 * The body of an event without a message as POSTed: D18's field order for the envelope and its data (D22's sender
 * ID events likewise). Null for other events.
 */
export function inboundEnvelopeBody(p: Record<string, unknown>): string | null {
  const order = typeof p.event_type === 'string' && Object.hasOwn(MESSAGELESS_DATA_FIELDS, p.event_type) ? MESSAGELESS_DATA_FIELDS[p.event_type as InboundEventType] : undefined;
  if (!order) return null;
  const stored = (p.data ?? {}) as Record<string, unknown>;
  const data: Record<string, unknown> = {};
  for (const k of order) data[k] = stored[k];
  for (const k of Object.keys(stored)) if (!(k in data)) data[k] = stored[k];
  const out: Record<string, unknown> = { event_id: p.event_id, event_type: p.event_type, timestamp: p.timestamp };
  if (p.inbound_id !== undefined) out.inbound_id = p.inbound_id;
  out.data = data;
  return JSON.stringify(out);
}
