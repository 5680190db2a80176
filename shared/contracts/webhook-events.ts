import { z } from 'zod';
import { InboundItem } from './inbound';
import { OPT_OUT_SOURCE_VALUES } from './opt-outs';
import { SenderIdStateValue } from './sender-ids';

/**
 * The body of every webhook the gateway POSTs, one schema per event type (docs/api.md "Events", D10, D16, D18, D19,
 * D22). The OpenAPI document's `webhooks` are built from these (server/api/rest/openapi.ts), so are the SDK's event
 * types, and tests/webhooks/event-payloads.int.test.ts holds real emitted payloads to them. Objects are open
 * (additional properties allowed): a field added later (D12) must not break a receiver's generated validator.
 */
const Iso = (description: string) => z.string().meta({ description: `${description} (ISO 8601).`, format: 'date-time' });
const DispatchAt = z.string().nullable().meta({
  description: 'Additive (D10): the dispatch moment (ISO 8601), null for an immediate send; tells apart the dispatches of one send.',
  format: 'date-time',
});
const RecipientPhone = z.string().meta({ description: 'The recipient, E.164.', example: '+243812345678' });
const Carrier = z.string().meta({ description: 'Label of the connector (`unknown` when none took it); informational, not a stable value.', example: 'simulator' });

/** The v1 envelope of a message's events (`message_id`), with its type and data. */
function messageEvent<T extends string, D extends z.ZodType>(type: T, data: D, id: string, description: string) {
  return z
    .looseObject({
      event_id: z.string().meta({ description: 'UUID, unique per event and kept across retries (also the `webhook-id` header).', format: 'uuid' }),
      event_type: z.literal(type),
      timestamp: Iso('When the event happened'),
      message_id: z.string().meta({ description: 'The send (POST /send `message_id`).', example: 'msg_5fQe2cW3m1m9T0kq8B2xYz' }),
      data,
      test: z.literal(true).optional().meta({ description: 'Only on the dashboard\'s "Send test event" sample (no send behind it).' }),
    })
    .meta({ id, description });
}

/** The envelope of an event without a message (inbound, contact and sender ID events): no `message_id`. */
function messagelessEvent<T extends string, D extends z.ZodType, X extends z.ZodRawShape = Record<never, never>>(
  type: T,
  data: D,
  id: string,
  description: string,
  extra?: X,
) {
  return z
    .looseObject({
      event_id: z.string().meta({ description: 'UUID, unique per event and kept across retries (also the `webhook-id` header).', format: 'uuid' }),
      event_type: z.literal(type),
      timestamp: Iso('When the event happened'),
      ...(extra as X),
      data,
    })
    .meta({ id, description });
}

export const SmsQueuedData = z.looseObject({
  total_recipients: z.number().int(),
  total_messages: z.number().int(),
  total_cost: z.number(),
  currency: z.string().meta({ example: 'USD' }),
  scheduled_at: z.string().nullable().meta({ description: 'First dispatch moment of a scheduled or recurring send (ISO 8601), else null.', format: 'date-time' }),
});
export const SmsProcessingData = z.looseObject({ recipient_phone: RecipientPhone, carrier: Carrier, dispatch_at: DispatchAt });
export const SmsSentData = z.looseObject({
  recipient_phone: RecipientPhone,
  carrier: Carrier,
  sent_at: Iso('When the carrier accepted it'),
  carrier_message_id: z.string().optional().meta({ description: "The carrier's id of the message, when sent through an SMPP carrier." }),
  dispatch_at: DispatchAt,
});
export const SmsDeliveredData = z.looseObject({
  recipient_phone: RecipientPhone,
  carrier: Carrier,
  delivered_at: Iso('When the receipt came'),
  segments: z.number().int(),
  dispatch_at: DispatchAt,
  test: z.literal(true).optional().meta({ description: 'Only on the dashboard\'s sample event.' }),
  note: z.string().optional().meta({ description: "Only on the dashboard's sample event." }),
});
export const SmsFailedData = z.looseObject({
  recipient_phone: RecipientPhone,
  carrier: Carrier,
  failed_at: Iso('When it failed'),
  error_code: z.string().meta({ description: 'OPTED_OUT, NO_ROUTE, INVALID_DESTINATION, UNKNOWN_SUBSCRIBER, ABSENT_SUBSCRIBER, EXPIRED, SUBMIT_REJECTED, SMPP_<status>, DLR_<stat>, SENDER_ID_NOT_ALLOWED (docs/api.md).', example: 'ABSENT_SUBSCRIBER' }),
  error_message: z.string(),
  retryable: z.boolean(),
  dispatch_at: DispatchAt,
});
export const SmsReceivedData = z.looseObject(InboundItem.omit({ inbound_id: true }).shape);
export const ContactData = z.looseObject({
  phone: z.string().meta({ description: 'The phone, E.164.', example: '+243812345678' }),
  source: z.enum(OPT_OUT_SOURCE_VALUES),
  number: z.string().nullable().meta({ description: 'The number or short code a keyword came to; null for every other change.' }),
});
export const SenderIdEventData = z.looseObject({
  id: z.string().meta({ example: 'sid_3kTq9wZ2c8VbN1mX7pLr0a' }),
  sender_id: z.string().meta({ example: 'ACME' }),
  state: SenderIdStateValue,
  reason: z.string().nullable().meta({ description: "The operator's reason (rejected, revoked); null when approved." }),
  decided_at: z.string().nullable().meta({ format: 'date-time' }),
});

export const WalletLowBalanceData = z.looseObject({
  balance: z.number().meta({ description: 'What the organization can spend after the charge that crossed the threshold (prepaid + postpaid, as GET /balance `balance`).', example: 4.5 }),
  threshold: z.number().meta({ description: "The organization's alert threshold (Settings).", example: 5 }),
  currency: z.string().meta({ example: 'USD' }),
});

const TO_WEBHOOK_URL = "Posted to the key's `webhook_url`, or to the send's `callback_url` when it has one.";
const TO_INBOUND_URL = "Posted to the application's inbound URL (D18, D19).";

export const WEBHOOK_EVENTS = {
  'sms.queued': messageEvent('sms.queued', SmsQueuedData, 'SmsQueuedEvent', `Once per send, right after the 201. ${TO_WEBHOOK_URL}`),
  'sms.processing': messageEvent('sms.processing', SmsProcessingData, 'SmsProcessingEvent', `Per delivery (recipient x dispatch), when a connector picks it up. ${TO_WEBHOOK_URL}`),
  'sms.sent': messageEvent('sms.sent', SmsSentData, 'SmsSentEvent', `Per delivery, when the carrier accepts it. ${TO_WEBHOOK_URL}`),
  'sms.delivered': messageEvent('sms.delivered', SmsDeliveredData, 'SmsDeliveredEvent', `Per delivery, final: the receipt confirms delivery. ${TO_WEBHOOK_URL}`),
  'sms.failed': messageEvent('sms.failed', SmsFailedData, 'SmsFailedEvent', `Per delivery, final: any path to failure. ${TO_WEBHOOK_URL}`),
  'sms.received': messagelessEvent('sms.received', SmsReceivedData, 'SmsReceivedEvent', `An SMS a phone sent to one of your numbers (D18). ${TO_INBOUND_URL}`, {
    inbound_id: z.string().meta({ description: 'The inbound message (`in_…`), as GET /inbound lists it.', example: 'in_3kT9xQ0mVbZ2pLr8sYw1cD' }),
  }),
  'contact.opted_out': messagelessEvent('contact.opted_out', ContactData, 'ContactOptedOutEvent', `A phone was put on your opt-out list (D19). ${TO_INBOUND_URL}`),
  'contact.opted_in': messagelessEvent('contact.opted_in', ContactData, 'ContactOptedInEvent', `A phone was taken off your opt-out list (D19). ${TO_INBOUND_URL}`),
  'sender_id.approved': messagelessEvent('sender_id.approved', SenderIdEventData, 'SenderIdApprovedEvent', "An operator approved one of your sender IDs (D22). Posted to the `webhook_url` of each of the organization's applications."),
  'sender_id.rejected': messagelessEvent('sender_id.rejected', SenderIdEventData, 'SenderIdRejectedEvent', "An operator rejected one of your sender IDs (D22), with `reason`. Posted to the `webhook_url` of each of the organization's applications."),
  'sender_id.revoked': messagelessEvent('sender_id.revoked', SenderIdEventData, 'SenderIdRevokedEvent', "An operator revoked one of your sender IDs (D22), with `reason`. Posted to the `webhook_url` of each of the organization's applications."),
  'wallet.low_balance': messagelessEvent('wallet.low_balance', WalletLowBalanceData, 'WalletLowBalanceEvent', "A charge took your balance below your alert threshold (Settings; issue 44). Once per crossing: again only after a top-up or refund lifts it back to the threshold or above. Posted to the `webhook_url` of each of the organization's applications."),
} as const;

export type WebhookEventName = keyof typeof WEBHOOK_EVENTS;

/** Any webhook body, told apart by `event_type`. */
export const WebhookEvent = z.discriminatedUnion('event_type', Object.values(WEBHOOK_EVENTS) as unknown as [(typeof WEBHOOK_EVENTS)[WebhookEventName], ...(typeof WEBHOOK_EVENTS)[WebhookEventName][]]);
export type WebhookEvent = z.infer<typeof WebhookEvent>;
