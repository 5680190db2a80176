import { z } from 'zod';
import { DATE_RANGE_MESSAGE, DbText, isDateInRange } from './storable';
import { INBOUND_ENCODING_VALUES, INBOUND_OPT_OUT_VALUES } from './inbound';
import { WebhookDelivery } from './messages-dashboard';
import { RECIPIENT_STATE_VALUES } from './reconcile';
import { MAX_PHONE_INPUT } from './opt-outs';
import { SendResult, type SendRequest } from './send';

/**
 * D18, the dashboard's Inbox: conversations per phone (one per phone that sent the organization an MO), each the
 * phone's MO and the organization's sends to it in time order, and the reply box (an ordinary send, billed).
 */
export const CONVERSATIONS_PAGE = 50;
export const CONVERSATION_PAGE = 50;
/** Unread MO counted per conversation in the list; more show as "100+". */
export const MAX_UNREAD_COUNTED = 100;

const Phone = DbText.min(1).max(MAX_PHONE_INPUT);
const Cursor = DbText.min(1).max(200).optional();

export const ListConversationsInput = z.object({
  /** The `next_cursor` of the previous page (older activity). */
  cursor: Cursor,
  limit: z.number().int().min(1).max(100).default(CONVERSATIONS_PAGE),
});
export type ListConversationsInput = z.input<typeof ListConversationsInput>;

export const ConversationSummary = z.object({
  phone: z.string(),
  /** The later of its last MO and the organization's last send to the phone (ISO 8601). */
  last_activity_at: z.string(),
  /** Its latest MO. */
  last_inbound: z.object({ text: z.string(), to: z.string(), keyword: z.string().nullable(), received_at: z.string() }),
  /** An MO came after the conversation was last opened (by anyone of the organization). */
  unread: z.boolean(),
  /** How many, counted up to MAX_UNREAD_COUNTED. */
  unread_count: z.number().int(),
});
export type ConversationSummary = z.infer<typeof ConversationSummary>;

export const ConversationsPage = z.object({
  items: z.array(ConversationSummary),
  next_cursor: z.string().nullable(),
  timezone: z.string(),
});
export type ConversationsPage = z.infer<typeof ConversationsPage>;

export const GetConversationInput = z.object({
  phone: Phone,
  /** The `older_cursor` of the previous page. */
  cursor: Cursor,
  limit: z.number().int().min(1).max(100).default(CONVERSATION_PAGE),
});
export type GetConversationInput = z.input<typeof GetConversationInput>;

export const InboundConversationItem = z.object({
  kind: z.literal('inbound'),
  inbound_id: z.string(),
  at: z.string(),
  text: z.string(),
  /** The number it was sent to, as assigned, and the keyword that routed it. */
  to: z.string(),
  keyword: z.string().nullable(),
  carrier: z.string(),
  encoding: z.enum(INBOUND_ENCODING_VALUES),
  segments: z.number().int(),
  complete: z.boolean(),
  opt_out: z.enum(INBOUND_OPT_OUT_VALUES).nullable(),
  /** Received after the conversation was last opened. */
  unread: z.boolean(),
});

export const SendConversationItem = z.object({
  kind: z.literal('send'),
  message_id: z.string(),
  /** When the send was made. */
  at: z.string(),
  /** Null once the retention dropped the send's text (D24). */
  text: z.string().nullable(),
  sender_id: z.string().nullable(),
  /** This phone's delivery: of the latest dispatch that has begun, else of the first. */
  state: z.enum(RECIPIENT_STATE_VALUES),
  error_code: z.string().nullable(),
  /** When that dispatch goes or went out; null for an immediate send. */
  dispatch_at: z.string().nullable(),
  dispatches_total: z.number().int(),
});

export const ConversationItem = z.discriminatedUnion('kind', [InboundConversationItem, SendConversationItem]);
export type ConversationItem = z.infer<typeof ConversationItem>;

/** A number of the organization a reply can go from: its app sends, the number is the sender_id. */
export const ReplyFrom = z.object({ app_id: z.string(), app_name: z.string(), number: z.string() });
export type ReplyFrom = z.infer<typeof ReplyFrom>;

export const ConversationView = z.object({
  phone: z.string(),
  last_inbound_at: z.string(),
  /** The newest MO seen when the conversation was last opened; null: never opened. */
  read_through: z.string().nullable(),
  /** Newest first: MO and sends by time (ties by id). */
  items: z.array(ConversationItem),
  /** Older items: pass as `cursor`. */
  older_cursor: z.string().nullable(),
  /** The numbers a reply may go from (apps that may send in this environment). */
  reply_from: z.array(ReplyFrom),
  /** The number (and app) of the latest MO, when a reply may go from it. */
  default_from: ReplyFrom.nullable(),
  timezone: z.string(),
});
export type ConversationView = z.infer<typeof ConversationView>;

export const MarkReadInput = z.object({
  phone: Phone,
  /** received_at of the newest MO the member was shown: later ones stay unread. */
  through: z.iso.datetime({ offset: true }).refine(isDateInRange, DATE_RANGE_MESSAGE),
});
export type MarkReadInput = z.infer<typeof MarkReadInput>;

export const MarkReadResult = z.object({ read_through: z.string().nullable() });
export type MarkReadResult = z.infer<typeof MarkReadResult>;

/**
 * A reply: `message` and `sender_id` are checked inside the procedure with POST /send's contract (so errors carry
 * its JSON paths), the send going to `phone` as one of the organization's apps, like Compose.
 */
export const ReplyInput = z.object({
  phone: Phone,
  app_id: DbText.min(1, 'Choose the number to reply from.'),
  /** One per reply: a double submit charges once (D12). */
  idempotency_key: DbText.min(1).max(255),
  send: z.custom<Pick<SendRequest, 'message' | 'sender_id'>>(() => true),
});
export type ReplyInput = z.infer<typeof ReplyInput>;

export const ReplyResult = SendResult;
export type ReplyResult = z.infer<typeof ReplyResult>;

export const InboundWebhookLogInput = z.object({ inbound_id: DbText.min(1).max(64) });
/** An MO's sms.received event (D18) with its deliveries to the app's inbound_url and every attempt, as a send's events show theirs. */
export const InboundWebhookEvent = z.object({
  event_id: z.string(),
  event_type: z.literal('sms.received'),
  created_at: z.string(),
  /** The exact JSON body POSTed to inbound_url. */
  payload: z.record(z.string(), z.unknown()),
  deliveries: z.array(WebhookDelivery),
});
export type InboundWebhookEvent = z.infer<typeof InboundWebhookEvent>;
export const InboundWebhookLog = z.object({
  /** Null when the MO is not this organization's. */
  event: InboundWebhookEvent.nullable(),
  /** Whether this member may replay it (developers and owners, as for a send's events). */
  can_replay: z.boolean(),
});
export type InboundWebhookLog = z.infer<typeof InboundWebhookLog>;
