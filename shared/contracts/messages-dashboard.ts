import { z } from 'zod';
import { RECIPIENT_STATE_VALUES } from './reconcile';
import { DATE_RANGE_MESSAGE, DbText, isDateInRange } from './storable';
import { ControlResult, MESSAGE_STATUSES, MessageStatus, RecurringScheduleInput, ScheduledDateInput } from './send';

/** Dashboard views of sends: history, one message, its recipients, its events and webhook attempts. */

const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const SENDING_TYPE_VALUES = ['immediate', 'scheduled', 'recurring'] as const;

export const ListMessagesInput = z.object({
  status: z.enum(MESSAGE_STATUSES).optional(),
  sending_type: z.enum(SENDING_TYPE_VALUES).optional(),
  /** Local dates (merchant timezone), inclusive. */
  from: DbText.regex(DATE, 'Use a date YYYY-MM-DD.').refine(isDateInRange, DATE_RANGE_MESSAGE).optional(),
  to: DbText.regex(DATE, 'Use a date YYYY-MM-DD.').refine(isDateInRange, DATE_RANGE_MESSAGE).optional(),
  /** Part of a recipient's number (at least 3 digits), or a whole number in any accepted form. */
  phone: DbText.max(32).optional(),
  /** Opaque keyset cursor from a previous page. */
  cursor: DbText.max(200).optional(),
  direction: z.enum(['next', 'prev']).default('next'),
  limit: z.number().int().min(1).max(100).default(25),
});
export type ListMessagesInput = z.input<typeof ListMessagesInput>;

export const MessageListItem = MessageStatus.extend({
  /** Null once the retention dropped the send's text (D24). */
  body_preview: z.string().nullable(),
  sender_id: z.string().nullable(),
  first_recipient: z.string().nullable(),
});
export type MessageListItem = z.infer<typeof MessageListItem>;

export const MessagePage = z.object({
  items: z.array(MessageListItem),
  /** Older messages: pass with direction 'next'. */
  next_cursor: z.string().nullable(),
  /** Newer messages: pass with direction 'prev'. */
  prev_cursor: z.string().nullable(),
  timezone: z.string(),
});
export type MessagePage = z.infer<typeof MessagePage>;

/** Recipient rows a message page shows at first and adds with each "Show more"; the most it shows at once. */
export const RECIPIENTS_STEP = 50;
export const MAX_SHOWN_RECIPIENTS = 1000;

export const MessageDetailInput = z.object({
  id: DbText.min(1).max(64),
  /** The recipient rows to read with the message, in the same snapshot (omitted: none). */
  recipients: z
    .object({
      state: z.enum(RECIPIENT_STATE_VALUES).optional(),
      limit: z.number().int().min(1).max(MAX_SHOWN_RECIPIENTS).default(RECIPIENTS_STEP),
    })
    .optional(),
});
export type MessageDetailInput = z.input<typeof MessageDetailInput>;

export const ListRecipientsInput = z.object({
  id: DbText.min(1).max(64),
  state: z.enum(RECIPIENT_STATE_VALUES).optional(),
  cursor: z.number().int().nonnegative().optional(),
  limit: z.number().int().min(1).max(200).default(50),
});

export const RecipientRow = z.object({
  id: z.number().int(),
  position: z.number().int(),
  phone: z.string(),
  state: z.enum(RECIPIENT_STATE_VALUES),
  dispatch_seq: z.number().int(),
  dispatch_at: z.string().nullable(),
  price: z.number(),
  carrier: z.string().nullable(),
  /** D14, additive: the SMSC's message_id of the first part (SMPP connectors only). */
  carrier_message_id: z.string().nullable(),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
  sent_at: z.string().nullable(),
  done_at: z.string().nullable(),
});
export type RecipientRow = z.infer<typeof RecipientRow>;

export const RecipientPage = z.object({ items: z.array(RecipientRow), next_cursor: z.number().int().nullable(), total: z.number().int() });
export type RecipientPage = z.infer<typeof RecipientPage>;

export const DispatchSummary = z.object({
  seq: z.number().int(),
  dispatch_at: z.string().nullable(),
  state: z.enum(['scheduled', 'running', 'done', 'cancelled', 'skipped']),
  cost: z.number(),
  refunded: z.boolean(),
});

export const MessageSchedule = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('scheduled'), scheduled_dates: z.array(ScheduledDateInput) }),
  z.object({ kind: z.literal('recurring'), recurring_schedule: RecurringScheduleInput }),
]);

export const MessageDetail = z.object({
  status: MessageStatus,
  /** The text as sent (what phones read); null once the retention dropped it (D24). */
  body: z.string().nullable(),
  /** D21: the text as written when smart encoding replaced characters in it; else null. */
  original_body: z.string().nullable(),
  sender_id: z.string().nullable(),
  encoding: z.enum(['GSM-7', 'UCS-2']),
  segments: z.number().int(),
  app: z.object({ app_id: z.string(), name: z.string() }),
  /** How the send arrived: the REST API, this dashboard's Compose, an ESME over SMPP (D15), or a reply to a D19 keyword. */
  channel: z.enum(['api', 'dashboard', 'smpp', 'keyword']),
  callback_url: z.string().nullable(),
  schedule: MessageSchedule.nullable(),
  timezone: z.string(),
  /** The first dispatches by moment (at most 50) and how many are in each state. */
  dispatches: z.array(DispatchSummary),
  dispatch_counts: z.record(z.string(), z.number().int()),
  /** Whether the signed-in member may pause, resume, cancel and replay (developer or owner; viewers read only). */
  can_control: z.boolean(),
  controls: z.object({
    can_cancel: z.boolean(),
    can_pause: z.boolean(),
    can_resume: z.boolean(),
    /** What a cancel now would return to the wallets (dispatches not started, and skipped ones not yet refunded). */
    cancel_refund: z.number(),
    /** What a resume now would return (dispatches skipped while paused). */
    resume_refund: z.number(),
  }),
  /** True while the send can still change (the page keeps refreshing). */
  live: z.boolean(),
  /** Deliveries (recipient x dispatch) in each state, read in the same snapshot as `status` and `recipients`. */
  counts: z.record(z.enum(RECIPIENT_STATE_VALUES), z.number().int()),
  /** The first recipient rows `recipients` asked for (null when not asked), in the same snapshot. */
  recipients: RecipientPage.nullable(),
});
export type MessageDetail = z.infer<typeof MessageDetail>;

export const ListEventsInput = z.object({
  id: DbText.min(1).max(64),
  cursor: DbText.max(200).optional(),
  limit: z.number().int().min(1).max(200).default(50),
});

export const WebhookAttempt = z.object({
  attempted_at: z.string(),
  status_code: z.number().int().nullable(),
  latency_ms: z.number().int(),
  error: z.string().nullable(),
  /** The first 1 KB of the receiver's answer (D16). */
  response_body: z.string().nullable(),
});
export const WebhookDelivery = z.object({
  delivery_id: z.string(),
  url: z.string(),
  state: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  attempt_log: z.array(WebhookAttempt),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const TimelineEvent = z.object({
  event_id: z.string(),
  event_type: z.enum(['sms.queued', 'sms.processing', 'sms.sent', 'sms.delivered', 'sms.failed']),
  created_at: z.string(),
  recipient_phone: z.string().nullable(),
  /** The exact JSON body POSTed to the webhook. */
  payload: z.record(z.string(), z.unknown()),
  deliveries: z.array(WebhookDelivery),
});
export type TimelineEvent = z.infer<typeof TimelineEvent>;
export const EventPage = z.object({ items: z.array(TimelineEvent), next_cursor: z.string().nullable() });
export type EventPage = z.infer<typeof EventPage>;

export const ReplayEventInput = z.object({ event_id: DbText.min(1).max(64) });
export const ReplayEventResult = z.object({ delivery_id: z.string() });

export const ControlMessageInput = z.object({ id: DbText.min(1).max(64), action: z.enum(['cancel', 'pause', 'resume']) });
export const ControlMessageResult = ControlResult;
